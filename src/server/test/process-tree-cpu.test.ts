import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { type CpuSampler, sampleProcessTreeCpu } from "./process-tree-cpu";

let sampler: CpuSampler | undefined;
afterEach(() => sampler?.stop());

describe("the run's CPU by kind of process", () => {
  it("counts a child by what its command line says it is", async () => {
    sampler = sampleProcessTreeCpu(60_000);
    // A busy child whose command line names the app's entry, as a test's app process does.
    const child = spawn(process.execPath, [
      "-e",
      // Busy until it has used 0.4 s of CPU, however long a loaded machine makes that take.
      "const used = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; }; while (used() < 0.4); console.log('done'); setInterval(() => {}, 1000);",
      "app-process.js",
    ]);
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
