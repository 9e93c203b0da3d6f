import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU counters (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  /** User and system time of the process itself, in ticks. */
  ticks: number;
  /** User and system time of its children that ended and were waited for, in ticks. */
  endedChildrenTicks: number;
}

/** One /proc/<pid>/stat, or undefined once the process is gone. */
function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      endedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** Every process on the machine by pid (one read of /proc: about a millisecond). */
function readAllStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat) stats.set(Number(name), stat);
  }
  return stats;
}

/** Whether `pid` is `root` or runs under it. */
function isUnder(stats: Map<number, ProcStat>, pid: number, root: number): boolean {
  for (let at = pid, depth = 0; at > 1 && depth < 64; depth++) {
    if (at === root) return true;
    at = stats.get(at)?.ppid ?? 0;
  }
  return false;
}

/**
 * CPU seconds of every process this one started and of theirs, so far: the live ones' own and
 * their ended children's, and this process's ended children's (a worker's Chromium with its
 * renderers, its app processes, the commands it ran). A child that left the tree (a server that
 * detaches) is not counted. Undefined where there is no /proc.
 */
export function descendantsCpuSeconds(): number | undefined {
  let stats: Map<number, ProcStat>;
  try {
    stats = readAllStats();
  } catch {
    return undefined;
  }
  let ticks = stats.get(process.pid)?.endedChildrenTicks ?? 0;
  for (const [pid, stat] of stats) {
    if (pid !== process.pid && isUnder(stats, pid, process.pid))
      ticks += stat.ticks + stat.endedChildrenTicks;
  }
  return ticks / TICKS_PER_SECOND;
}

/** The whole machine's busy and total ticks since boot (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** What a process of the run is, by its command line (read once per process). */
export type ProcessKind =
  | "test workers"
  | "Chromium's renderers"
  | "Chromium's browser process"
  | "Chromium's GPU process"
  | "Chromium's network and other services"
  | "app processes and commands"
  | "builds"
  | "PostgreSQL"
  | "Vitest"
  | "other";

function kindOf(pid: number): ProcessKind {
  if (pid === process.pid) return "Vitest";
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "other";
  }
  if (/chromium|headless-shell/.test(command)) return chromiumKind(command);
  if (command.includes("vitest/dist/workers")) return "test workers";
  if (/app-process\.js|scripts\/(start|run)\.mjs|dist\/server/.test(command)) {
    return "app processes and commands";
  }
  if (/vite\.js|esbuild|build-server/.test(command)) return "builds";
  if (command.includes("postgres")) return "PostgreSQL";
  return "other";
}

/**
 * A Chromium process by its `--type`: the browser process (no type, or its zygote) answers the
 * developer protocol and runs the pages' navigations; the GPU process composes the pages' frames
 * in software (`--disable-gpu`); the utilities are the network service and its kin.
 */
export function chromiumKind(command: string): ProcessKind {
  const type = /--type=([a-z-]+)/.exec(command)?.[1];
  if (type === "renderer") return "Chromium's renderers";
  if (type === "gpu-process") return "Chromium's GPU process";
  if (type === "utility") return "Chromium's network and other services";
  return "Chromium's browser process";
}

export interface CpuSampler {
  /**
   * CPU seconds of the run's processes (this one and every descendant) at the last sample, or read
   * now (`fresh`: about 4 ms of CPU with 150 processes on the machine, too much for every file).
   */
  treeSeconds(fresh?: boolean): number;
  /** `treeSeconds()` by kind of process, the most first. */
  secondsByKind(): Array<[ProcessKind, number]>;
  /** CPU seconds the whole machine was busy since the sampler started (other work included). */
  machineSeconds(): number;
  stop(): void;
}

/**
 * The CPU of this process and every process under it (the workers, their app processes, Chromium
 * with its renderers), read from /proc once a second: `/usr/bin/time` counts only children that
 * are waited for, and missed Chromium's. A process's last second and processes that live less than
 * a second are missed, and a server that detaches (the run's PostgreSQL cluster) is not under it.
 * Undefined where there is no /proc (docs/performance.md, "The test suite").
 */
export function sampleProcessTreeCpu(intervalMs = 1_000): CpuSampler | undefined {
  let startMachine: { busy: number; total: number };
  try {
    startMachine = machineTicks();
  } catch {
    return undefined;
  }
  const lastTicks = new Map<number, number>();
  const kinds = new Map<number, ProcessKind>();
  const sample = () => {
    const stats = readAllStats();
    for (const [pid, stat] of stats) {
      if (!isUnder(stats, pid, process.pid)) continue;
      lastTicks.set(pid, stat.ticks);
      if (!kinds.has(pid)) kinds.set(pid, kindOf(pid));
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    treeSeconds(fresh = false) {
      if (fresh) sample();
      let ticks = 0;
      for (const value of lastTicks.values()) ticks += value;
      return ticks / TICKS_PER_SECOND;
    },
    secondsByKind() {
      const byKind = new Map<ProcessKind, number>();
      for (const [pid, ticks] of lastTicks) {
        const kind = kinds.get(pid) ?? "other";
        byKind.set(kind, (byKind.get(kind) ?? 0) + ticks / TICKS_PER_SECOND);
      }
      return [...byKind].sort((a, b) => b[1] - a[1]);
    },
    machineSeconds() {
      return (machineTicks().busy - startMachine.busy) / TICKS_PER_SECOND;
    },
    stop: () => clearInterval(timer),
  };
}
