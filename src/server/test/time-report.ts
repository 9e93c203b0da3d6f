import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestModule } from "vitest/node";
import { experimental_getRunnerTask, type Reporter, type Vitest } from "vitest/node";
import { type CpuSampler, sampleProcessTreeCpu } from "./process-tree-cpu";
import { budgetKey, budgetSeconds } from "./test-budgets";

/**
 * Below this many files (one file, a folder) nothing is printed: the budgets are times in a whole
 * run, and a few files alone take other times.
 */
const FULL_REPORT_FROM_FILES = 20;
const SLOWEST_FILES = 8;
const SLOWEST_TESTS = 5;
const MOST_CPU_FILES = 8;

interface FileTimes {
  project: string;
  file: string;
  seconds: number;
  importSeconds: number;
  testsSeconds: number;
  /** The worker's own CPU while it imported the file, and while its tests ran. */
  workerImportCpuSeconds?: number;
  workerTestsCpuSeconds?: number;
  /** The CPU of the processes under the worker while the file ran (Chromium, app processes). */
  childProcessesCpuSeconds?: number;
  budget: number;
  /** When the file was queued and when it ended, from the run's start: the run's schedule. */
  queuedAtSeconds?: number;
  endedAtSeconds?: number;
}

interface Window {
  startMs: number;
  endMs: number;
  startCpu: number;
  endCpu: number;
}

const s = (ms: number) => ms / 1000;
const fmt = (seconds: number) => `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
/** One line of the table: the first cell left-aligned, the rest right-aligned. */
const row = ([first, ...rest]: string[]) =>
  `  ${first.padEnd(8)}${rest.map((cell) => cell.padStart(9)).join("")}`;

/**
 * After each run, where the time went: per project its wall time, the CPU of every process of the
 * run in that time (Chromium and app processes included) and so how many of the cores it kept
 * busy, its files' summed import and test time and the workers' own CPU in each; the slowest files
 * and tests; and every file over its budget in `test-budgets.json`, flagged here and never failing
 * the run. Printed after a run of many files only; the same figures go to `.tmp/test-times.json`
 * (`test-times-postgres.json` for a run on a PostgreSQL server)
 * after every run, for comparing runs (docs/performance.md, "The test suite").
 */
export class TimeReport implements Reporter {
  private vitest!: Vitest;
  private cpu: CpuSampler | undefined;
  private runStartMs = 0;
  private runStartCpu = 0;
  private readonly windows = new Map<string, Window>();
  private readonly fileSpans = new Map<string, { queuedMs: number; endedMs: number }>();

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.runStartMs = Date.now();
    this.cpu = sampleProcessTreeCpu();
    this.runStartCpu = this.cpu?.treeSeconds(true) ?? 0;
  }

  onTestModuleQueued(module: TestModule) {
    this.fileSpans.set(module.moduleId, { queuedMs: Date.now(), endedMs: 0 });
    const name = module.project.name;
    const cpu = this.cpu?.treeSeconds() ?? 0;
    const open = this.windows.get(name);
    if (!open) this.windows.set(name, { startMs: Date.now(), endMs: 0, startCpu: cpu, endCpu: 0 });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.fileSpans.get(module.moduleId);
    if (span) span.endedMs = Date.now();
    const open = this.windows.get(module.project.name);
    if (!open) return;
    open.endMs = Date.now();
    open.endCpu = this.cpu?.treeSeconds() ?? 0;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.map((module) => {
      const span = this.fileSpans.get(module.moduleId);
      return {
        ...fileTimes(module),
        queuedAtSeconds: span && s(span.queuedMs - this.runStartMs),
        endedAtSeconds: span && s(span.endedMs - this.runStartMs),
      };
    });
    if (files.length >= FULL_REPORT_FROM_FILES) {
      const over = files.filter((file) => file.seconds > file.budget);
      const lines = this.fullReport(modules, files);
      lines.push(
        over.length === 0
          ? "Every file within its budget (test-budgets.json)."
          : `Over budget (test-budgets.json; reported, not failed): ${over
              .map((file) => `${file.file} ${fmt(file.seconds)} > ${fmt(file.budget)}`)
              .join("; ")}`,
      );
      this.vitest.logger.log(`\n${lines.join("\n")}`);
    }
    this.save(files);
    this.cpu?.stop();
  }

  private fullReport(modules: ReadonlyArray<TestModule>, files: FileTimes[]): string[] {
    const wall = s(Date.now() - this.runStartMs);
    const cpu = (this.cpu?.treeSeconds(true) ?? 0) - this.runStartCpu;
    const machine = this.cpu?.machineSeconds() ?? 0;
    const windows = [...this.windows.values()];
    const firstFile = windows.reduce((first, w) => (w.startMs < first.startMs ? w : first));
    const setupCpu = firstFile.startCpu - this.runStartCpu;
    const lines = [
      `Test times: ${fmt(wall)}; the run's processes used ${fmt(cpu)} of CPU, ${(cpu / wall).toFixed(1)} cores (the whole machine ${(machine / wall).toFixed(1)})`,
      row([
        "",
        "files",
        "wall",
        "CPU",
        "cores",
        "import",
        "tests",
        "w.import",
        "w.tests",
        "w.procs",
      ]),
      row(["set-up", "", fmt(s(firstFile.startMs - this.runStartMs)), fmt(setupCpu)]),
    ];
    for (const [name, window] of this.windows) {
      const own = files.filter((file) => file.project === name);
      const sum = (pick: (file: FileTimes) => number | undefined) =>
        fmt(own.reduce((total, file) => total + (pick(file) ?? 0), 0));
      const span = s(window.endMs - window.startMs);
      const used = window.endCpu - window.startCpu;
      lines.push(
        row([
          name,
          String(own.length),
          fmt(span),
          fmt(used),
          (used / span).toFixed(1),
          sum((file) => file.importSeconds),
          sum((file) => file.testsSeconds),
          sum((file) => file.workerImportCpuSeconds),
          sum((file) => file.workerTestsCpuSeconds),
          sum((file) => file.childProcessesCpuSeconds),
        ]),
      );
    }
    lines.push(
      "  (wall, CPU and cores: from a project's first file to its last, every process of the run; import and tests: the files' own times summed; w.: the workers' own CPU in them, and their processes')",
      `CPU by kind of process: ${(this.cpu?.secondsByKind() ?? [])
        .map(([kind, seconds]) => `${kind} ${fmt(seconds)}`)
        .join(" · ")}`,
      "slowest files (time in the run, budget):",
    );
    for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES))
      lines.push(`${fmt(file.seconds).padStart(8)} ${fmt(file.budget).padStart(6)}  ${file.file}`);
    lines.push(
      "most CPU (the worker's own and its processes', Chromium included; time in the run):",
    );
    for (const file of [...files].sort((a, b) => fileCpu(b) - fileCpu(a)).slice(0, MOST_CPU_FILES))
      lines.push(
        `${fmt(fileCpu(file)).padStart(8)} ${fmt(file.seconds).padStart(6)}  ${file.file}`,
      );
    lines.push("slowest tests:");
    for (const test of slowestTests(modules))
      lines.push(`${fmt(test.seconds).padStart(8)}  ${test.file} > ${test.name}`);
    return lines;
  }

  private save(files: FileTimes[]) {
    const folder = path.join(this.vitest.config.root, ".tmp");
    mkdirSync(folder, { recursive: true });
    const windows = Object.fromEntries(
      [...this.windows].map(([name, window]) => [
        name,
        {
          // From the run's start: the projects share one queue, so the stories' first file may
          // start before the unit files' last one ends.
          startSeconds: s(window.startMs - this.runStartMs),
          endSeconds: s(window.endMs - this.runStartMs),
          wallSeconds: s(window.endMs - window.startMs),
          cpuSeconds: window.endCpu - window.startCpu,
        },
      ]),
    );
    writeFileSync(
      // CI's second pass, on a PostgreSQL server, keeps the embedded run's figures beside its own.
      path.join(
        folder,
        process.env.TEST_DATABASE_URL ? "test-times-postgres.json" : "test-times.json",
      ),
      JSON.stringify(
        {
          wallSeconds: s(Date.now() - this.runStartMs),
          cpuSeconds: (this.cpu?.treeSeconds() ?? 0) - this.runStartCpu,
          cpuSecondsByProcess: Object.fromEntries(this.cpu?.secondsByKind() ?? []),
          windows,
          files,
        },
        null,
        1,
      ),
    );
  }
}

function fileTimes(module: TestModule): FileTimes {
  const diagnostic = module.diagnostic();
  const worker = experimental_getRunnerTask(module).meta.workerCpu;
  const project = module.project.name;
  return {
    project,
    file: budgetKey(module.moduleId),
    seconds: s(
      diagnostic.environmentSetupDuration +
        diagnostic.prepareDuration +
        diagnostic.setupDuration +
        diagnostic.collectDuration +
        diagnostic.duration,
    ),
    importSeconds: s(diagnostic.collectDuration + diagnostic.setupDuration),
    testsSeconds: s(diagnostic.duration),
    workerImportCpuSeconds: worker ? s(worker.importMs) : undefined,
    workerTestsCpuSeconds: worker ? s(worker.testsMs) : undefined,
    childProcessesCpuSeconds:
      worker?.childProcessesMs === undefined ? undefined : s(worker.childProcessesMs),
    budget: budgetSeconds(project, module.moduleId),
  };
}

/** All the CPU a file used: its worker's while it was imported and ran, and its processes'. */
function fileCpu(file: FileTimes): number {
  return (
    (file.workerImportCpuSeconds ?? 0) +
    (file.workerTestsCpuSeconds ?? 0) +
    (file.childProcessesCpuSeconds ?? 0)
  );
}

function slowestTests(modules: ReadonlyArray<TestModule>) {
  const tests = modules.flatMap((module) =>
    [...module.children.allTests()].map((test) => ({
      file: budgetKey(module.moduleId),
      name: test.name,
      seconds: s(test.diagnostic()?.duration ?? 0),
    })),
  );
  return tests.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_TESTS);
}
