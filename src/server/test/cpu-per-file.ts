import { afterAll, beforeAll } from "vitest";

/**
 * A set-up file of both projects: the worker's own CPU while a test file is imported and while its
 * tests and hooks run, kept in the file's meta for the run's time report (`time-report.ts`). Child
 * processes (app processes, Chromium) are not in it; the report's process-tree figure has them.
 */
declare module "vitest" {
  interface TaskMeta {
    workerCpu?: { importMs: number; testsMs: number };
  }
}

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const atImport = process.cpuUsage();
let atTests = atImport;
beforeAll(() => {
  atTests = process.cpuUsage();
});
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's first argument as fixtures, which must be a pattern; the file is the second.
afterAll(({}, file) => {
  file.meta.workerCpu = { importMs: cpuMs(atImport) - cpuMs(atTests), testsMs: cpuMs(atTests) };
});
