import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post } from "../../auth/test-helpers";
import { fixedClock } from "../../clock";
import {
  activities,
  authCodes,
  checkIns,
  emailLogEntries,
  matchMembers,
  sessions,
  users,
} from "../../db/schema";
import {
  allowEmail,
  createActivity,
  createAdmin,
  createEmailLog,
  createMatch,
  createPairing,
  createUser,
  signIn,
} from "../../test/factories";
import { runRetentionOnce } from "../../test/run-retention";
import { createTestApp, type TestApp } from "../../test/test-app";
import { monthsBefore } from "./retention-job";

const clock = fixedClock("2027-01-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@keep.test");
});
afterAll(() => t.close());

const run = (owner = "process-a") => runRetentionOnce(t.ctx, owner);

describe("the daily retention job", () => {
  it("deletes codes, links and sessions a day after they ended, keeping history by default", async () => {
    const ada = await createUser(t.db, { email: "ada@keep.test" });
    await signIn(t.db, ada, { now: clock.now() });
    await post(t, "/api/auth/send-code", { email: ada.email });
    await post(t, "/api/auth/magic-link", { email: ada.email });
    await t.outbox();
    const pairing = await createPairing(t.db, { month: "2027-01" });
    await createMatch(t.db, { members: [ada, await createUser(t.db)], pairing });

    expect(await run()).toContain("history is kept for ever");
    expect(await t.db.select().from(authCodes)).toHaveLength(1);

    clock.advance(2 * 24 * 3600_000);
    // The count also takes the request counters (per client and per address), which live in the
    // database only on a PostgreSQL server.
    expect(await run()).toMatch(/Deleted [2-6] expired sign-in records/);
    expect(await t.db.select().from(authCodes)).toEqual([]);
    clock.advance(30 * 24 * 3600_000);
    await run();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    const [kept] = await t.db.select().from(matchMembers).where(eq(matchMembers.userId, ada.id));
    expect(kept).toBeDefined();
  });

  it("runs once a day across processes and catches up after downtime", async () => {
    clock.advance(24 * 3600_000);
    const [a, b] = await Promise.all([run("process-a"), run("process-b")]);
    expect([a, b].filter((note) => note !== null)).toHaveLength(1);
    expect(await run("process-b")).toBeNull();
    clock.advance(9 * 24 * 3600_000);
    expect(await run("process-b")).not.toBeNull();
  });

  it("anonymises matches, answers, check-ins and send-log entries older than the months the admin set, never a running round", async () => {
    const admin = await createAdmin(t.db, { email: "boss@hq.test" });
    const grace = await createUser(t.db, { email: "grace@keep.test", firstName: "Grace" });
    const bob = await createUser(t.db, { email: "bob@keep.test" });
    const old = await createPairing(t.db, { month: "2027-02", status: "completed" });
    const oldMatch = await createMatch(t.db, {
      members: [grace, bob],
      answers: ["met", "met"],
      pairing: old,
      matchDate: clock.now(),
    });
    await t.db.insert(checkIns).values({
      pairingId: old.id,
      matchId: oldMatch.id,
      userId: grace.id,
      askedAt: clock.now(),
    });
    // A pairing still running when the cut-off passes it is the present, not history.
    const carl = await createUser(t.db, { email: "carl@keep.test" });
    const dan = await createUser(t.db, { email: "dan@keep.test" });
    const running = await createMatch(t.db, {
      members: [carl, dan],
      pairing: await createPairing(t.db, { month: "2027-02" }),
      matchDate: clock.now(),
    });
    await createEmailLog(t.db, { recipients: [grace.email], sentAt: clock.now() });
    await createActivity(t.db, { userId: grace.id, at: clock.now(), detail: "Grace paused." });

    clock.advance(40 * 24 * 3600_000);
    const recent = await createMatch(t.db, {
      members: [grace, bob],
      pairing: await createPairing(t.db, { month: "2027-03" }),
      matchDate: clock.now(),
    });
    const bad = await t.as(admin).put("/api/admin/retention", { months: 0 });
    expect(bad.statusCode).toBe(400);
    const set = await t.as(admin).put("/api/admin/retention", { months: 1 });
    expect(set.statusCode).toBe(200);
    clock.advance(24 * 3600_000);
    expect(await run()).toContain("older than");

    const oldMembers = await t.db
      .select()
      .from(matchMembers)
      .where(eq(matchMembers.matchId, oldMatch.id));
    expect(oldMembers).toHaveLength(2);
    expect(oldMembers.map((m) => m.answer)).toEqual(["met", "met"]);
    expect(oldMembers.some((m) => m.userId === grace.id)).toBe(false);
    const recentMembers = await t.db
      .select()
      .from(matchMembers)
      .where(eq(matchMembers.matchId, recent.id));
    expect(recentMembers.some((m) => m.userId === grace.id)).toBe(true);
    const stillRunning = await t.db
      .select()
      .from(matchMembers)
      .where(eq(matchMembers.matchId, running.id));
    expect(stillRunning.map((m) => m.userId).sort()).toEqual([carl.id, dan.id].sort());
    const entries = await t.db.select().from(emailLogEntries);
    expect(JSON.stringify(entries)).not.toContain(grace.email);
    const [checkIn] = await t.db.select().from(checkIns).where(eq(checkIns.matchId, oldMatch.id));
    expect(checkIn).toMatchObject({ userId: null, matchId: oldMatch.id });
    expect(await t.db.select().from(activities).where(eq(activities.userId, grace.id))).toEqual([]);
    const [still] = await t.db.select().from(users).where(eq(users.id, grace.id));
    expect(still.email).toBe(grace.email);
    const status = (await t.as(admin).get("/api/admin/retention")).json();
    expect(status).toMatchObject({ months: 1, lastRunNote: expect.stringContaining("older than") });
  });

  it("counts months on the calendar", () => {
    expect(monthsBefore(new Date("2027-03-31T09:00:00Z"), 1).toISOString()).toBe(
      "2027-02-28T09:00:00.000Z",
    );
    expect(monthsBefore(new Date("2027-01-15T00:00:00Z"), 13).toISOString()).toBe(
      "2025-12-15T00:00:00.000Z",
    );
  });
});
