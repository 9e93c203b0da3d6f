import { afterAll, beforeAll } from "vitest";
import { descendantsCpuSeconds } from "./process-tree-cpu";

/**
 * A set-up file of both projects: the worker's own CPU while a test file is imported and while its
 * tests and hooks run, and the CPU of the processes under the worker in that time (its Chromium
 * and renderers for a story, the app processes and commands a file starts), kept in the file's
 * meta for the run's time report (`time-report.ts`). A story worker's Chromium serves its next
 * files too: what it spends while a file runs is that file's.
 */
declare module "vitest" {
  interface TaskMeta {
    workerCpu?: { importMs: number; testsMs: number; childProcessesMs?: number };
  }
}

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const atImport = process.cpuUsage();
const childrenAtImport = descendantsCpuSeconds();
let atTests = atImport;
beforeAll(() => {
  atTests = process.cpuUsage();
});
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's first argument as fixtures, which must be a pattern; the file is the second.
afterAll(({}, file) => {
  const children = descendantsCpuSeconds();
  file.meta.workerCpu = {
    importMs: cpuMs(atImport) - cpuMs(atTests),
    testsMs: cpuMs(atTests),
    childProcessesMs:
      children === undefined || childrenAtImport === undefined
        ? undefined
        : (children - childrenAtImport) * 1000,
  };
});
