import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { type CpuSampler, descendantsCpuSeconds, sampleProcessTreeCpu } from "./process-tree-cpu";

/** A child that stays busy until it has used `seconds` of CPU, then says so and waits. */
const busyChild = (seconds: number, ...args: string[]) =>
  spawn(process.execPath, [
    "-e",
    // However long a loaded machine makes that take.
    `const used = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; }; while (used() < ${seconds}); console.log('done'); setInterval(() => {}, 1000);`,
    ...args,
  ]);

let sampler: CpuSampler | undefined;
afterEach(() => sampler?.stop());

describe("the run's CPU by kind of process", () => {
  it("counts a child by what its command line says it is", async () => {
    sampler = sampleProcessTreeCpu(60_000);
    // A busy child whose command line names the app's entry, as a test's app process does.
    const child = busyChild(0.4, "app-process.js");
    try {
      await once(child.stdout, "data");
      const total = sampler?.treeSeconds(true) ?? 0;
      const byKind = new Map(sampler?.secondsByKind());
      expect(byKind.get("app processes and commands")).toBeGreaterThanOrEqual(0.3);
      // The sampling process itself (in a run, Vitest's own).
      expect(byKind.get("Vitest")).toBeGreaterThan(0);
      const summed = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0);
      expect(summed).toBeCloseTo(total, 5);
    } finally {
      child.kill();
    }
  });
});

describe("the CPU of a worker's own processes", () => {
  it("counts a live child and one that ended", async () => {
    const before = descendantsCpuSeconds() ?? 0;
    const ended = busyChild(0.3);
    await once(ended.stdout, "data");
    ended.kill();
    await once(ended, "exit");
    const live = busyChild(0.3);
    try {
      await once(live.stdout, "data");
      const used = (descendantsCpuSeconds() ?? 0) - before;
      // Both children's 0.3 s each, in ticks of 10 ms, and their start-ups: not the machine's.
      expect(used).toBeGreaterThanOrEqual(0.55);
      expect(used).toBeLessThan(1.5);
    } finally {
      live.kill();
    }
  });
});
