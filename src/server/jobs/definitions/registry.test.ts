import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TRIGGERS } from "../../job-triggers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { quietLogs } from "./job-logs";
import { JOBS } from "./registry";

// docs/jobs.md: background work runs only through the job loop; code wakes a job by its trigger.
const serverRoot = path.join(import.meta.dirname, "..", "..");
const jobsRoot = path.join(serverRoot, "jobs") + path.sep;
/**
 * Timers that are not a poll loop nor a claim: a request's bounded wait for the one message it
 * queued (an admin's test send), a calendar service's bounded wait for its Retry-After inside
 * one request, the server log's hand-over of its gathered lines to the file (at most every
 * 250 ms; it reads and writes nothing else), and the outbox's bound on how long a sent message's
 * record waits for the other lanes' to join its group (20 ms, within the delivery job's work);
 * also deadlines and the process's own life: a database probe's time limit and its outage
 * re-check, the embedded folder lock's heartbeat, a calendar worker's deadline, and a stop's grace
 * period and idle-connection closing.
 */
const allowedTimers = [
  "log-destination.ts",
  "database-outage.ts",
  "start-server.ts",
  path.join("db", "data-dir-lock.ts"),
  path.join("db", "client.ts"),
  path.join("scheduling", "busy-from-icalendar.ts"),
  path.join("outbox", "await-message.ts"),
  path.join("outbox", "sent-recorder.ts"),
  path.join("scheduling", "service-requests.ts"),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the job registry", () => {
  it("names every job once, in kebab-case", () => {
    const names = JOBS.map((define) => define(t.ctx, quietLogs).name);
    expect(names).toEqual([...new Set(names)]);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("gives every trigger to one job, named as the job", () => {
    const definitions = JOBS.map((define) => define(t.ctx, quietLogs));
    const declared = definitions.flatMap((job) => (job.trigger ? [job.trigger] : []));
    for (const job of definitions) {
      if (job.trigger) expect(job.trigger.jobName).toBe(job.name);
    }
    expect(declared.map((trigger) => trigger.jobName).sort()).toEqual(
      ALL_TRIGGERS.map((trigger) => trigger.jobName).sort(),
    );
    expect(declared.every((trigger) => ALL_TRIGGERS.includes(trigger))).toBe(true);
  });

  it("wakes by an imported trigger only: no server file names a job in a string to wake it", () => {
    const byName = sourceFiles(serverRoot).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /jobs\.(wake|signal)\(\s*["'`]/.test(line)
            ? [`${path.relative(serverRoot, file)}:${i + 1}`]
            : [],
        ),
    );
    expect(byName).toEqual([]);
  });

  it("wakes the job its trigger names", async () => {
    const woken: string[] = [];
    for (const trigger of ALL_TRIGGERS) {
      const stop = t.ctx.jobs.signal(trigger).on(() => woken.push(trigger.jobName));
      t.ctx.jobs.wake(trigger);
      stop();
    }
    expect(woken).toEqual(ALL_TRIGGERS.map((trigger) => trigger.jobName));
  });

  it("is the only place that runs timers: no server file outside jobs/ polls on its own", () => {
    const offenders = sourceFiles(serverRoot)
      .filter((file) => !file.startsWith(jobsRoot))
      .map((file) => path.relative(serverRoot, file))
      .filter((file) => !allowedTimers.includes(file))
      .flatMap((file) =>
        readFileSync(path.join(serverRoot, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            /\bset(Interval|Timeout)\(/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
