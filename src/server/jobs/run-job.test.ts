import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "../clock";
import { utcDayOf } from "../dates/month-dates";
import type { Database } from "../db/client";
import { dailyJobs } from "../db/schema";
import { createWakeSignal } from "../job-wakes";
import { createTestDatabase } from "../test/test-database";
import { defineDailyJob } from "./daily-job";
import { runDue, startJob } from "./run-job";

/*
 * The loop every background job runs (docs/jobs.md), driven here by daily jobs over the real
 * `daily_jobs` table: their leases run on ctx.clock, which the tests move; the loop's renewals
 * and waits run on real timers, and the tests wait for conditions, never for a fixed time.
 */
const clock = fixedClock("2027-05-03T08:00:00Z");
const LEASE_MS = 300;
const HOUR = 3_600_000;
let database: Database;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A daily job whose work is `work`; it looks every hour unless woken. */
function testJob(name: string, work: (now: Date) => Promise<string>) {
  return defineDailyJob(
    { db: database.db, clock },
    { name, label: "Test job", pollMs: HOUR, leaseMs: LEASE_MS, log: (l) => lines.push(l), work },
  );
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function row(name: string) {
  const [found] = await database.db.select().from(dailyJobs).where(eq(dailyJobs.name, name));
  return found;
}

const nextDay = () => clock.advance(24 * HOUR);

describe("a job's lease", () => {
  it("is renewed while long work runs, so another process cannot take the work over", async () => {
    const slow = gate();
    let runs = 0;
    const job = startJob(
      testJob("long", async () => {
        runs++;
        await slow.opened;
        return "done";
      }),
      { owner: "a" },
    );
    job.wake();
    const claimed = await vi.waitFor(async () => {
      const held = await row("long");
      expect(held?.claimedBy).toBe("a");
      return held;
    });
    clock.advance(LEASE_MS * 3);
    // The first lease has run out on ctx.clock; the loop's renewal moves it past the new now.
    await vi.waitFor(async () => {
      const held = await row("long");
      expect((held.leaseExpiresAt as Date).getTime()).toBeGreaterThan(clock.now().getTime());
    });
    expect((claimed.leaseExpiresAt as Date).getTime()).toBeLessThan(clock.now().getTime());
    expect(
      await runDue(
        testJob("long", async () => "twice"),
        { owner: "b" },
      ),
    ).toEqual([]);

    slow.open();
    await job.settled();
    expect(await row("long")).toMatchObject({
      doneFor: utcDayOf(clock.now()),
      note: "done",
      claimedBy: null,
      leaseExpiresAt: null,
    });
    expect(runs).toBe(1);
    await job.stop();
  });

  it("is given back when the work fails, so the next look of any process runs it", async () => {
    const job = startJob(
      testJob("failing", async () => {
        throw new Error("the disk is full");
      }),
      { owner: "a" },
    );
    await job.settled();
    await job.stop();
    expect(lines).toContain("Test job: the disk is full");
    expect(await row("failing")).toMatchObject({
      doneFor: null,
      claimedBy: null,
      leaseExpiresAt: null,
    });
    // No wait for the lease: another process runs it at once.
    expect(
      await runDue(
        testJob("failing", async () => "fixed"),
        { owner: "b" },
      ),
    ).toEqual(["fixed"]);
  });

  it("of a crashed owner is taken over once it has run out on ctx.clock", async () => {
    const dead = testJob("crash", async () => "never");
    // A process claims the work and dies: it never renews nor finishes it.
    expect(await dead.claim({ owner: "dead", leaseMs: LEASE_MS, stopping: false })).not.toBeNull();
    let runs = 0;
    const job = startJob(
      testJob("crash", async () => `run by b (${++runs})`),
      { owner: "b" },
    );
    await job.settled();
    expect(runs).toBe(0);
    expect(await row("crash")).toMatchObject({ claimedBy: "dead" });

    clock.advance(LEASE_MS + 1);
    await job.settled();
    expect(runs).toBe(1);
    expect(await row("crash")).toMatchObject({
      note: "run by b (1)",
      claimedBy: null,
      doneFor: utcDayOf(clock.now()),
    });
    await job.stop();
  });
});

describe("a job's loop", () => {
  it("wakes at once on its signal instead of waiting for the next poll", async () => {
    const signal = createWakeSignal();
    let runs = 0;
    const job = startJob(
      { ...testJob("woken", async () => `run ${++runs}`), wake: signal },
      { owner: "a" },
    );
    signal.wake();
    await vi.waitFor(() => expect(runs).toBe(1));
    nextDay();
    signal.wake();
    await vi.waitFor(() => expect(runs).toBe(2));
    await job.stop();
  });

  it("stops cleanly: the work in flight finishes and is recorded, and nothing is claimed after", async () => {
    const signal = createWakeSignal();
    const slow = gate();
    let runs = 0;
    const job = startJob(
      {
        ...testJob("stopping", async () => {
          runs++;
          await slow.opened;
          return "finished";
        }),
        wake: signal,
      },
      { owner: "a" },
    );
    signal.wake();
    await vi.waitFor(async () => expect((await row("stopping"))?.claimedBy).toBe("a"));
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    // While the work runs on, the stopping job still renews its lease.
    clock.advance(LEASE_MS * 3);
    await vi.waitFor(async () => {
      const held = await row("stopping");
      expect((held.leaseExpiresAt as Date).getTime()).toBeGreaterThan(clock.now().getTime());
    });
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    expect(await row("stopping")).toMatchObject({ note: "finished", claimedBy: null });

    nextDay();
    signal.wake();
    expect(
      await runDue(
        testJob("stopping", async () => "by another"),
        { owner: "b" },
      ),
    ).toEqual(["by another"]);
    expect(runs).toBe(1);
  });

  it("stops at once while it waits for the next poll", async () => {
    const job = startJob(
      testJob("idle", async () => "ran"),
      { owner: "a" },
    );
    const asked = performance.now();
    await job.stop();
    // Far sooner than the hour it would wait.
    expect(performance.now() - asked).toBeLessThan(10_000);
    expect(await row("idle")).toBeUndefined();
  });
});
