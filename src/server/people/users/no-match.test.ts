import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersResponse } from "../../../shared/admin-users";
import { fixedClock } from "../../clock";
import { pairings } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { runningMatches } from "./no-match";

const NOW = new Date("2027-03-10T09:00:00Z");
const numbers = { kind: "numbers", ready: 4, left: 1, oddPairs: false } as const;
let t: TestApp;
let admin: { id: string };
let running: { pairingId: number; matchId: number };

/**
 * January's pairing is long completed (Ann met Ben). March's pairing runs: Ben, Cy and Hal meet
 * (Hal sat out at first and was placed by hand), Ann sat out; Dot sat out of February's,
 * completed, whose one match (Dot and Jo, made after March's, so with a higher id) is closed; Eve
 * is on leave, Pia paused, Ola opted out, Kim never finished her profile and Jo signed up after
 * the pairing was made.
 */
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await createAdmin(t.db, { email: "boss@hq.test", firstName: "Zed" });
  await allowEmail(t.db, "*@month.test");
  const person = (firstName: string, fields: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.db, { email: `${firstName.toLowerCase()}@month.test`, firstName, ...fields });
  const [ann, ben, cy, dot, hal] = await Promise.all(
    ["Ann", "Ben", "Cy", "Dot", "Hal"].map((name) => person(name)),
  );
  await person("Eve", { leaveStartDate: "2027-03-01", leaveEndDate: "2027-04-30" });
  await person("Pia", { participationStatus: "paused" });
  await person("Ola", { participationStatus: "opted_out" });
  await person("Kim", { needsProfileSetup: true });
  const jo = await person("Jo");
  const january = await createPairing(t.db, { month: "2027-01", status: "completed" });
  await createMatch(t.db, { members: [ann, ben], pairing: january, status: "completed" });
  const march = await createPairing(t.db, {
    month: "2027-03",
    satOut: [
      { userId: ann.id, reason: numbers },
      { userId: hal.id, reason: numbers },
    ],
  });
  const match = await createMatch(t.db, { members: [ben, cy, hal], pairing: march });
  running = { pairingId: march.id, matchId: match.id };
  const february = await createPairing(t.db, {
    month: "2027-02",
    status: "completed",
    satOut: [{ userId: dot.id, reason: numbers }],
  });
  await createMatch(t.db, { members: [dot, jo], pairing: february, status: "completed" });
});
afterAll(() => t.close());

async function list(query: string): Promise<AdminUsersResponse> {
  const res = await t.as(admin).get(`/api/admin/users?q=month.test&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = async (query: string) => (await list(query)).users.map((u) => u.firstName);

describe("GET /api/admin/users: who has no match this month, and why", () => {
  it("finds everyone without a current match, whatever the reason, and counts them", async () => {
    expect(await names("noMatch=yes")).toEqual(["Ann", "Dot", "Eve", "Jo", "Kim", "Ola", "Pia"]);
    // Status Active and no match: the walk's on-leave people are among them.
    expect(await names("noMatch=yes&status=active")).toEqual(["Ann", "Dot", "Eve", "Jo", "Kim"]);
    const body = await list("noMatch=yes");
    expect(body.counts).toEqual({ total: 7, active: 5, paused: 1, opted_out: 1, deactivated: 0 });
  });

  it("finds as sat out only who the engine left out of a running pairing and is still unplaced", async () => {
    // Hal was placed by hand after sitting out; Dot sat out of a completed pairing.
    expect(await names("satOut=yes")).toEqual(["Ann"]);
    expect(await names("satOut=yes&noMatch=yes")).toEqual(["Ann"]);
  });

  it("says on each row without a match why it has none", async () => {
    const rows = (await list("")).users;
    expect(Object.fromEntries(rows.map((u) => [u.firstName, u.noMatchReason ?? null]))).toEqual({
      Ann: "sat_out",
      Ben: null,
      Cy: null,
      Dot: "not_paired_yet",
      Eve: "on_leave",
      Hal: null,
      Jo: "not_paired_yet",
      Kim: "incomplete_profile",
      Ola: "opted_out",
      Pia: "paused",
    });
    const matched = rows.filter((u) => u.noMatchReason === undefined);
    expect(matched.map((u) => u.currentMatch?.partners.length)).toEqual([2, 2, 2]);
  });

  it("reads the running pairings and the id range of their matches, outside which none is", async () => {
    // February's match, closed, was made after March's: its id is higher, outside the range.
    expect(await runningMatches(t.ctx)).toEqual({
      pairingIds: [running.pairingId],
      firstMatchId: running.matchId,
      lastMatchId: running.matchId,
      onlyRunning: true,
    });
  });

  it("counts exactly who has no running match: the matched by status, twice matched, erased, completed", async () => {
    // Two more running pairings: Eli is in a match of each; Cal paused and Dee was deactivated
    // after being paired, so they still have a match; Kit, erased, keeps her membership; Fay
    // and Gus met in a completed pairing only, whose match was made between running ones.
    const person = (firstName: string, fields: Parameters<typeof createUser>[1] = {}) =>
      createUser(t.db, { email: `${firstName.toLowerCase()}@count.test`, firstName, ...fields });
    const [ada, bo, eli, fay, gus] = await Promise.all(
      ["Ada", "Bo", "Eli", "Fay", "Gus"].map((name) => person(name)),
    );
    const cal = await person("Cal", { participationStatus: "paused" });
    const dee = await person("Dee", { isActive: false });
    const kit = await person("Kit", { erasedAt: NOW });
    await person("Hu", { participationStatus: "paused" });
    await person("Ivy", { participationStatus: "opted_out" });
    await person("Jon", { isActive: false });
    const second = await createPairing(t.db, { month: "2027-03" });
    await createMatch(t.db, { members: [ada, eli, kit], pairing: second });
    await createMatch(t.db, { members: [bo, cal], pairing: second });
    const done = await createPairing(t.db, { month: "2027-01", status: "completed" });
    await createMatch(t.db, { members: [fay, gus], pairing: done });
    const first = await createPairing(t.db, { month: "2027-03" });
    await createMatch(t.db, { members: [dee, eli], pairing: first });

    // Fay and Gus's closed match lies between running ones: the range alone is not the answer.
    expect((await runningMatches(t.ctx)).onlyRunning).toBe(false);
    const count = async (query: string) =>
      (
        await t.as(admin).get(`/api/admin/users?q=count.test&${query}`)
      ).json() as AdminUsersResponse;
    // The truth, from the rows: everyone listed, less whoever shows a current match.
    const everyone = (await count("limit=50")).users;
    const truth = (rows: typeof everyone) => ({
      total: rows.length,
      active: rows.filter((u) => u.participationStatus === "active").length,
      paused: rows.filter((u) => u.participationStatus === "paused").length,
      opted_out: rows.filter((u) => u.participationStatus === "opted_out").length,
      deactivated: rows.filter((u) => !u.isActive).length,
    });
    const unmatched = everyone.filter((u) => !u.currentMatch);
    expect(unmatched.map((u) => u.firstName)).toEqual(["Fay", "Gus", "Hu", "Ivy", "Jon"]);
    const body = await count("noMatch=yes");
    expect(body.counts).toEqual({ total: 5, active: 3, paused: 1, opted_out: 1, deactivated: 1 });
    expect(body.counts).toEqual(truth(unmatched));
    expect(body.countsEstimated).toBe(false);
    for (const status of ["active", "paused", "opted_out"] as const) {
      const rows = unmatched.filter((u) => u.participationStatus === status);
      expect((await count(`noMatch=yes&status=${status}`)).counts).toEqual(truth(rows));
    }
    const inactive = unmatched.filter((u) => !u.isActive);
    expect((await count("noMatch=yes&account=deactivated")).counts).toEqual(truth(inactive));
  });

  it("with no pairing running, finds everyone without a match and nobody sat out", async () => {
    await t.db.update(pairings).set({ status: "completed" });
    expect(await names("noMatch=yes")).toHaveLength(10);
    expect(await names("satOut=yes")).toEqual([]);
    expect((await list("")).users.map((u) => u.noMatchReason ?? "matched")).not.toContain(
      "matched",
    );
  });

  it("refuses a value it does not know with a message", async () => {
    const res = await t.as(admin).get("/api/admin/users?noMatch=no");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/No match must be all or yes/);
  });
});
