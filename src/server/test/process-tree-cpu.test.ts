import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CpuSampler,
  chromiumKind,
  descendantsCpuSeconds,
  sampleProcessTreeCpu,
} from "./process-tree-cpu";

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

describe("Chromium's processes by their type", () => {
  it("tells the renderers, the GPU process, the services and the browser process apart", () => {
    const shell = "/usr/lib/chromium/chromium-headless-shell";
    expect(chromiumKind(`${shell}\0--type=renderer\0--lang=en-US`)).toBe("Chromium's renderers");
    expect(chromiumKind(`${shell}\0--type=gpu-process\0--disable-gpu`)).toBe(
      "Chromium's GPU process",
    );
    expect(
      chromiumKind(`${shell}\0--type=utility\0--utility-sub-type=network.mojom.NetworkService`),
    ).toBe("Chromium's network and other services");
    expect(chromiumKind(`${shell}\0--headless\0--remote-debugging-pipe`)).toBe(
      "Chromium's browser process",
    );
    expect(chromiumKind(`${shell}\0--type=zygote`)).toBe("Chromium's browser process");
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
