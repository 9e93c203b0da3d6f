import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { pairings, roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { deliverQueued } from "../test/deliveries";
import { createAdmin, createCompanyWidePeople } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import { claimDueStep } from "./step-ledger";

/*
 * Two app instances on one PostgreSQL server (TEST_DATABASE_URL's, else a throwaway cluster), each
 * with its own connection pool, racing through the same steps; then a process dying mid-step,
 * then a pairing made by hand.
 */
const clock = fixedClock("2027-02-20T00:00:00Z");
let server: PostgresServer;
let database: Database;
let one: TestApp;
let two: TestApp;

const pairingsOf = (month: string) =>
  one.db
    .select()
    .from(pairings)
    .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, month)));
const activities = async (kind: string) =>
  (await listActivity(one.db, { limit: 200 })).filter((a) => a.kind === kind);

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url });
  await database.migrate();
  one = await createTestApp({ clock, database });
  two = await createTestApp({ clock, database: await openDatabase({ databaseUrl: server.url }) });
  await createCompanyWidePeople(one.db, "race.test", ["ann", "bob", "cat", "dan", "eve", "fay"]);
  await runDueSteps(one.ctx);
});
afterAll(async () => {
  await two.close();
  await two.database.close();
  await one.close();
  await database.close();
  await server.close();
});
checkRoundInvariantsAfterEach(() => one?.db);

describe("several processes, one round", () => {
  it("runs each step exactly once when two processes race for them", async () => {
    clock.set("2027-03-01T09:00:00Z");
    const [a, b] = await Promise.all([
      runDueSteps(one.ctx, { owner: "process-a" }),
      runDueSteps(two.ctx, { owner: "process-b" }),
    ]);
    const ran = [...a, ...b].map((r) => r.kind).sort();
    expect(ran).toEqual(["draft", "publish"]);
    expect(await pairingsOf("2027-03")).toHaveLength(1);
    expect(await activities("round.drafted")).toHaveLength(1);
    expect(await activities("round.published")).toHaveLength(1);
    const notices = (await one.outbox()).filter((m) => m.subject.startsWith("Review the"));
    expect(notices).toHaveLength(1);
    await deliverQueued(one, two);
    const told = (await one.outbox()).filter((m) => m.subject.startsWith("Your Cup of Joe match"));
    expect(told).toHaveLength(6);
  });

  it("lets another process finish a step whose holder died, repeating nothing", async () => {
    clock.set("2027-03-08T09:00:00Z");
    const held = await claimDueStep(one.db, { owner: "died", leaseMs: 60_000, now: clock.now() });
    expect(held?.kind).toBe("check-in");
    const [b] = await Promise.all([runDueSteps(two.ctx, { owner: "process-b" })]);
    expect(b).toEqual([]);
    // The holder's lease runs out.
    await one.db
      .update(roundSteps)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(roundSteps.id, held?.id ?? 0));
    const taken = await runDueSteps(two.ctx, { owner: "process-b" });
    expect(taken.map((r) => [r.kind, r.state])).toEqual([["check-in", "done"]]);
    const asked = (await one.outbox()).filter((m) => m.subject.startsWith("Did you meet"));
    expect(asked).toHaveLength(6);
  });

  it("does not publish or announce twice when a publish is taken over after it had run", async () => {
    const [publish] = await one.db
      .update(roundSteps)
      .set({
        state: "running",
        claimedBy: "died",
        leaseExpiresAt: sql`now() - interval '1 second'`,
      })
      .where(and(eq(roundSteps.month, "2027-03"), eq(roundSteps.kind, "publish")))
      .returning();
    const mails = (await one.outbox()).length;
    const again = await runDueSteps(one.ctx, { owner: "process-a" });
    expect(again.map((r) => [r.id, r.state])).toEqual([[publish.id, "done"]]);
    expect(await pairingsOf("2027-03")).toHaveLength(1);
    expect(await activities("round.published")).toHaveLength(1);
    expect(await activities("round.announced")).toHaveLength(1);
    expect((await one.outbox()).length).toBe(mails);
  });
});

describe("a pairing made by hand", () => {
  it("counts as the month's round: the round makes no second one and does not announce it", async () => {
    clock.set("2027-04-02T09:00:00Z");
    const drafted = await runDueSteps(one.ctx);
    expect(drafted.map((r) => r.kind)).toEqual(["reminder", "draft"]);
    clock.set("2027-04-05T08:00:00Z");
    const admin = await createAdmin(one.db, { participationStatus: "opted_out" });
    const made = await one.as(admin).post("/api/admin/generate-pairing", {});
    expect(made.statusCode).toBe(200);
    clock.set("2027-04-05T09:00:00Z");
    const published = await runDueSteps(one.ctx);
    expect(published.map((r) => [r.kind, r.state])).toEqual([["publish", "done"]]);
    const april = await pairingsOf("2027-04");
    expect(april).toHaveLength(1);
    expect(april[0].createdBy).toBe(admin.id);
    expect(await activities("round.announced")).toHaveLength(1);
    const [march] = await pairingsOf("2027-03");
    expect(march.status).toBe("completed");
  });
});
