import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import { claimDueStep } from "./step-ledger";

/*
 * A step whose work outlasts its lease: the admins' review notice cannot be stored while another
 * connection holds the mail table locked (a mail server that does not answer). Two app instances
 * on one PostgreSQL server; the lease is short, the wait is for a condition, never a fixed time.
 */
const clock = fixedClock("2027-02-20T00:00:00Z");
const LEASE_MS = 600;
let server: PostgresServer;
let one: TestApp;
let two: TestApp;
let blocker: Database;
let releaseLock = () => {};

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  const database = await openDatabase({ databaseUrl: server.url });
  await database.migrate();
  one = await createTestApp({ clock, database });
  two = await createTestApp({ clock, database: await openDatabase({ databaseUrl: server.url }) });
  blocker = await openDatabase({ databaseUrl: server.url });
  await allowEmail(one.db, "*@lease.test");
  await createAdmin(one.db, { email: "boss@lease.test", participationStatus: "opted_out" });
  for (const name of ["ann", "bob", "cat", "dan"]) {
    await createUser(one.db, { email: `${name}@lease.test` });
  }
  await runDueSteps(one.ctx);
});
afterAll(async () => {
  releaseLock();
  await blocker.close();
  await two.close();
  await two.database.close();
  await one.close();
  await one.database.close();
  await server.close();
});
checkRoundInvariantsAfterEach(() => one?.db);

/** Holds the outbox's table locked until `release` is called: the draft step waits to queue its notice. */
function lockOutboxTable() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = blocker.db.transaction(async (tx) => {
    await tx.execute(sql`lock table outgoing_messages in access exclusive mode`);
    locked();
    await released;
  });
  releaseLock = release;
  return { isLocked, release, done };
}

describe("a step that runs longer than its lease", () => {
  it("keeps it: a second process does not take it over, and it runs once", async () => {
    const lock = lockOutboxTable();
    await lock.isLocked;
    clock.set("2027-02-26T09:00:00Z");
    const first = runDueSteps(one.ctx, { owner: "slow", leaseMs: LEASE_MS });
    const [claimed] = await vi.waitFor(async () => {
      const rows = await two.db.select().from(roundSteps).where(eq(roundSteps.claimedBy, "slow"));
      expect(rows).toHaveLength(1);
      return rows;
    });
    const firstExpiry = claimed.leaseExpiresAt as Date;
    // Wait until the lease first given has run out on the database's clock.
    await vi.waitFor(
      async () => {
        const result = await two.db.execute(
          sql`select now() > ${firstExpiry.toISOString()}::timestamptz as past`,
        );
        const [row] = (result as unknown as { rows: Array<{ past: boolean }> }).rows;
        expect(row.past).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    const taken = await claimDueStep(two.db, {
      owner: "other",
      leaseMs: LEASE_MS,
      now: clock.now(),
    });
    expect(taken).toBeNull();
    const [still] = await two.db.select().from(roundSteps).where(eq(roundSteps.id, claimed.id));
    expect(still).toMatchObject({ state: "running", claimedBy: "slow" });
    expect((still.leaseExpiresAt as Date).getTime()).toBeGreaterThan(firstExpiry.getTime());

    lock.release();
    await lock.done;
    const ran = await first;
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["draft", "done"]]);
    const [settled] = await one.db.select().from(roundSteps).where(eq(roundSteps.id, claimed.id));
    expect(settled).toMatchObject({ state: "done", claimedBy: null, leaseExpiresAt: null });
    const drafted = (await listActivity(one.db, { limit: 50 })).filter(
      (a) => a.kind === "round.drafted",
    );
    expect(drafted).toHaveLength(1);
    const notices = (await one.outbox()).filter((m) => m.subject.startsWith("Review the"));
    expect(notices).toHaveLength(1);
  });
});
