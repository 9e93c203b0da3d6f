import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { matches, pairings, users } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import {
  allowEmail,
  createGroup,
  createMatch,
  createPairing,
  createUser,
  signInAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-01-15T09:00:00Z");
const members = memberIds;
const pairKey = (a: string, b: string) => [a, b].sort().join("|");

let t: TestApp;
let admin: Requests;
const matchesOf = async (pairingId: number) =>
  withMembers(t.db, await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)));

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  const cookie = await signInAdmin(
    t.db,
    { email: "boss@hq.test", needsProfileSetup: true },
    { now: NOW },
  );
  admin = t.as(cookie);
});
afterAll(() => t.close());

describe("generating monthly pairings", () => {
  it("counts who is ready to pair in a group, with the whitelist deciding membership", async () => {
    const group = await createGroup(t.db, { name: "beta", displayName: "Beta Inc" });
    const other = await createGroup(t.db, { name: "gamma", displayName: "Gamma" });
    await allowEmail(t.db, "*@beta.test", group.id);
    await allowEmail(t.db, "moved@beta.test", other.id);
    const at = (local: string) => `${local}@beta.test`;
    await createUser(t.db, { email: at("ready1") });
    await createUser(t.db, { email: at("ready2"), department: "" });
    const back = await createUser(t.db, {
      email: at("back"),
      participationStatus: "paused",
      pauseEndDate: "2027-01-15",
    });
    await createUser(t.db, {
      email: at("paused"),
      participationStatus: "paused",
      pauseEndDate: "2027-01-16",
    });
    await createUser(t.db, { email: at("out"), participationStatus: "opted_out" });
    await createUser(t.db, { email: at("setup"), needsProfileSetup: true });
    await createUser(t.db, { email: at("unvalidated"), isValidated: false });
    await createUser(t.db, { email: at("disabled"), isActive: false });
    await createUser(t.db, { email: at("leave"), employeeStatus: "on_leave" });
    await createUser(t.db, {
      email: at("leavedates"),
      leaveStartDate: "2027-01-01",
      leaveEndDate: "2027-01-15",
    });
    await createUser(t.db, { email: at("gone"), employeeStatus: "inactive" });
    await createUser(t.db, { email: "moved@beta.test" });
    await createUser(t.db, { email: "x@beta.test.evil.test" });

    const res = await admin.get(`/api/admin/pairing-validation?domainGroupId=${group.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCounts: { total: 11, truly_active: 3, opted_out: 1, paused: 1, inactive: 6 },
      eligibility: { hasMinimumUsers: true, minimumRequired: 2, hasEvenNumbers: false },
      excluded: {
        opted_out: 1,
        paused: 1,
        removed: 0,
        deactivated: 2,
        incomplete_profile: 2,
        not_answering: 0,
        on_leave: 2,
      },
      oddPolicy: "trio",
      // The engine's dry run: three ready make one trio.
      forecast: {
        ready: 3,
        matches: 1,
        sitOut: 0,
        alreadyMatched: 0,
        keptApart: 0,
        noSharedHours: [],
      },
    });
    // A GET changes nothing: the ended pause counts as ready but is written back only at generation.
    const [row] = await t.db.select().from(users).where(eq(users.id, back.id));
    expect(row.participationStatus).toBe("paused");
    expect((await admin.get("/api/admin/pairing-validation?domainGroupId=999999")).statusCode).toBe(
      404,
    );
    expect((await admin.get("/api/admin/pairing-validation?domainGroupId=abc")).statusCode).toBe(
      400,
    );
  });

  it("pairs a group's ready people once per month; a second request is refused", async () => {
    const group = await createGroup(t.db, { name: "lambda", displayName: "Lambda Inc" });
    await allowEmail(t.db, "*@lambda.test", group.id);
    for (const l of ["l1", "l2", "l3", "l4"]) await createUser(t.db, { email: `${l}@lambda.test` });
    const groupId = group.id;
    const res = await admin.post(`/api/admin/generate-pairing/${groupId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalMatches: 2, month: "2027-01" });
    const [pairing] = await t.db
      .select()
      .from(pairings)
      .where(eq(pairings.id, res.json().pairingId));
    // Stored as every screen names it (readablePairingName), so an export agrees with the pages.
    expect(pairing).toMatchObject({
      name: "January 2027 – Lambda Inc",
      scopeKey: String(groupId),
      domainGroupName: "Lambda Inc",
      runOfMonth: 1,
      status: "active",
      oddPolicy: "trio",
    });
    expect((pairing.stats as { qualityScore?: unknown }).qualityScore).toEqual(expect.any(Number));

    const again = await admin.post(`/api/admin/generate-pairing/${groupId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Pairings for Lambda Inc in January 2027 already exist: "January 2027 – Lambda Inc" is still running. Complete or delete it first.',
    );
    // Saying "second round" does not get past a running pairing either.
    const confirmed = await admin.post(`/api/admin/generate-pairing/${groupId}`, {
      secondRound: true,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().code).toBe("pairing_exists");
  });

  it("places the odd one out in a trio under the default odd policy", async () => {
    const group = await createGroup(t.db, { name: "kappa", displayName: "Kappa" });
    await allowEmail(t.db, "*@kappa.test", group.id);
    for (const l of ["k1", "k2", "k3"]) await createUser(t.db, { email: `${l}@kappa.test` });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.json()).toMatchObject({ totalMatches: 1, unmatched: 0 });
    const [match] = await matchesOf(res.json().pairingId);
    expect(members(match)).toHaveLength(3);
    expect(match.members[2].answer).toBeNull();
  });

  it("makes exactly one pairing when two requests arrive together", async () => {
    const group = await createGroup(t.db, { name: "delta", displayName: "Delta" });
    await allowEmail(t.db, "*@delta.test", group.id);
    for (let i = 0; i < 6; i++) await createUser(t.db, { email: `p${i}@delta.test` });
    const results = await Promise.all(
      [1, 2, 3].map(() => admin.post(`/api/admin/generate-pairing/${group.id}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.db
      .select()
      .from(pairings)
      .where(eq(pairings.scopeKey, String(group.id)));
    expect(rows).toHaveLength(1);
  });

  it("repeats no pair from the window across a year boundary, and allows older ones", async () => {
    const group = await createGroup(t.db, { name: "epsilon", displayName: "Epsilon" });
    await allowEmail(t.db, "*@eps.test", group.id);
    const [a, b, c, d] = await Promise.all(
      ["a", "b", "c", "d"].map((l) => createUser(t.db, { email: `${l}@eps.test` })),
    );
    // January 2027 with a 3-month window blocks October, November and December 2026.
    await createMatch(t.db, { members: [a, b], month: "2026-12" });
    await createMatch(t.db, { members: [c, d], month: "2026-10" });
    await createMatch(t.db, { members: [a, c], month: "2026-11" });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(200);
    const made = await matchesOf(res.json().pairingId);
    expect(made.map((m) => pairKey(...(members(m) as [string, string]))).sort()).toEqual(
      [pairKey(a.id, d.id), pairKey(b.id, c.id)].sort(),
    );

    const zeta = await createGroup(t.db, { name: "zeta", displayName: "Zeta" });
    await allowEmail(t.db, "*@zeta.test", zeta.id);
    const [e, f] = await Promise.all(
      ["e", "f"].map((l) => createUser(t.db, { email: `${l}@zeta.test` })),
    );
    await createMatch(t.db, { members: [e, f], month: "2026-09" });
    const old = await admin.post(`/api/admin/generate-pairing/${zeta.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json().totalMatches).toBe(1);
  });

  it("after completing, refuses a second round unless it is confirmed, then repeats no pair", async () => {
    const group = await createGroup(t.db, { name: "eta", displayName: "Eta" });
    await allowEmail(t.db, "*@eta.test", group.id);
    for (let i = 0; i < 4; i++)
      await createUser(t.db, { email: `q${i}@eta.test`, department: `d${i}` });
    const first = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().runOfMonth).toBe(1);
    expect(
      (await admin.post(`/api/admin/complete-pairing/${first.json().pairingId}`)).statusCode,
    ).toBe(200);

    for (const body of [undefined, {}, { secondRun: false }]) {
      const refused = await admin.post(`/api/admin/generate-pairing/${group.id}`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          "The January 2027 round for Eta is completed. Generating again makes a second round: everyone gets a second partner in January 2027. Confirm the second round to go ahead.",
        code: "second_round_unconfirmed",
      });
    }
    const rounds = await t.db
      .select()
      .from(pairings)
      .where(eq(pairings.scopeKey, String(group.id)));
    expect(rounds).toHaveLength(1);
    const bad = await admin.post(`/api/admin/generate-pairing/${group.id}`, { secondRun: "yes" });
    expect(bad.statusCode).toBe(400);

    const second = await admin.post(`/api/admin/generate-pairing/${group.id}`, {
      secondRun: true,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().runOfMonth).toBe(2);
    const [again] = await t.db
      .select()
      .from(pairings)
      .where(eq(pairings.id, second.json().pairingId));
    expect(again).toMatchObject({ runOfMonth: 2, name: "January 2027 (run B) – Eta" });
    expect(second.json().name).toBe("January 2027 (run B) – Eta");
    const pairsOf = async (pairingId: number) =>
      (await matchesOf(pairingId)).map((m) => pairKey(...(members(m) as [string, string])));
    const before = new Set(await pairsOf(first.json().pairingId));
    for (const pair of await pairsOf(again.id)) expect(before.has(pair)).toBe(false);
  });

  it("refuses to pair fewer people than the minimum", async () => {
    const group = await createGroup(t.db, { name: "theta", displayName: "Theta" });
    await allowEmail(t.db, "*@theta.test", group.id);
    await createUser(t.db, { email: "solo@theta.test" });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Not enough people are ready to pair for Theta: 1 ready, at least 2 needed.",
    );
    expect((await admin.post("/api/admin/generate-pairing/999999")).statusCode).toBe(404);
  });

  it("reports recent pairings, their issues and the average quality score", async () => {
    const group = await createGroup(t.db, { name: "mu", displayName: "Mu" });
    await allowEmail(t.db, "*@mu.test", group.id);
    for (const l of ["m1", "m2"]) await createUser(t.db, { email: `${l}@mu.test` });
    expect((await admin.post(`/api/admin/generate-pairing/${group.id}`)).statusCode).toBe(200);
    const res = await admin.get("/api/admin/pairing-report");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recentPairings.length).toBeGreaterThan(0);
    expect(typeof body.averageQualityScore).toBe("number");
    expect(Array.isArray(body.validationIssues)).toBe(true);
    const history = (await admin.get("/api/admin/pairing-history")).json();
    expect(history.pairings.length).toBeGreaterThanOrEqual(body.recentPairings.length);
  });

  it("marks who sat out of last month's pairing of the scope", async () => {
    const { buildInstance, loadInstanceSchedules } = await import("./build-instance");
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const previous = await createPairing(t.db, {
      month: "2026-12",
      scopeKey: "iota",
      createdAt: new Date(Date.now() + 60_000),
    });
    await createMatch(t.db, { members: [a, b], pairing: previous });
    const eligible = [a, b, c].map((u) => ({
      id: u.id,
      department: "x",
      preference: "any" as const,
      groupSize: 2 as const,
      createdAt: u.createdAt,
      timeZone: null,
      workingHours: null,
    }));
    const instance = await buildInstance(t.db, eligible, {
      month: "2027-01",
      scopeKey: "iota",
      repeatWindowMonths: 3,
      oddPolicy: "sit-out",
      seed: 1,
      schedules: await loadInstanceSchedules(t.ctx, "2027-01-04"),
    });
    expect(instance.users.find((u) => u.id === c.id)?.lastSatOut).toBe(true);
    expect(instance.users.find((u) => u.id === a.id)?.lastSatOut).toBeUndefined();
    expect(instance.history).toContainEqual({ users: [a.id, b.id], month: "2026-12" });
  });
});
