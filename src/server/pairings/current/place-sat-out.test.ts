import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activePairingFile } from "../../../shared/pairing-file-names";
import type { CurrentPairingsResponse, GeneratePairingResponse } from "../../../shared/pairings";
import type { SatOutEntry } from "../../../shared/sat-out";
import { fixedClock } from "../../clock";
import { activities, matches, neverWith, outgoingMessages, pairings } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import { queueAnnouncement } from "../../newsletters/send/queue-announcement";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createMatch,
  createPairing,
  createRunningCompany,
  createUser,
} from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";
import { PLACED_KIND } from "./place-sat-out";

const NOW = new Date("2027-03-10T09:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = t.as(await createAdmin(t.db, { email: "boss@hq.test" }));
});
checkRoundInvariantsAfterEach(() => t?.db);

const numbers = (ready: number) => ({ kind: "numbers" as const, ready, left: 1, oddPairs: true });

/** A running pairing whose `satOut` people sat out (each with a reason of the numbers). */
async function pairingWithSatOut(satOutNames: string[], otherNames: string[][] = []) {
  const company = await createRunningCompany(t.db);
  const out = [];
  for (const name of satOutNames) out.push(await company.person(name));
  const placed = [];
  for (const names of otherNames) {
    const people = [];
    for (const name of names) people.push(await company.person(name));
    placed.push({ people, match: await company.match(...people) });
  }
  const satOut: SatOutEntry[] = out.map((p) => ({ userId: p.id, reason: numbers(9) }));
  await t.db.update(pairings).set({ satOut }).where(eq(pairings.id, company.pairing.id));
  return { ...company, out, placed };
}

const place = (pairingId: number, body: Record<string, unknown>) =>
  admin.post(`/api/admin/pairings/${pairingId}/place`, body);
const check = (pairingId: number, query: Record<string, string | number>) =>
  admin.get(
    `/api/admin/pairings/${pairingId}/place-check?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    )}`,
  );

const membersOf = async (pairingId: number) =>
  (
    await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)).orderBy(matches.id),
    )
  ).map(memberIds);

describe("who sat out, and why", () => {
  it("says beforehand what generate then does, from the same search: an even count may leave one out", async () => {
    const group = await createGroup(t.db, { displayName: "Evenmonth" });
    await allowEmail(t.db, "*@evenmonth.test", group.id);
    const person = (firstName: string, department: string, extra = {}) =>
      createUser(t.db, {
        email: `${firstName.toLowerCase()}@evenmonth.test`,
        firstName,
        lastName: "Test",
        department,
        ...extra,
      });
    await person("Frank", "Marketing", { matchingPreference: "same-department" });
    for (const name of ["Ann", "Bo", "Cai"]) await person(name, "Engineering");

    const validation = (
      await admin.get(`/api/admin/pairing-validation?domainGroupId=${group.id}`)
    ).json();
    expect(validation.eligibility.hasEvenNumbers).toBe(true);
    expect(validation.forecast).toEqual({
      ready: 4,
      matches: 1,
      sitOut: 1,
      alreadyMatched: 0,
      keptApart: 0,
      noSharedHours: [],
    });

    const answer: GeneratePairingResponse = (
      await admin.post(`/api/admin/generate-pairing/${group.id}`)
    ).json();
    expect(answer.unmatched).toBe(validation.forecast.sitOut);
    expect(answer.totalMatches).toBe(validation.forecast.matches);
  });

  it("names each person a generation left out with the true reason, in the answer and on Current Pairings", async () => {
    const group = await createGroup(t.db, { displayName: "Firstmonth" });
    await allowEmail(t.db, "*@firstmonth.test", group.id);
    const person = (firstName: string, department: string, extra = {}) =>
      createUser(t.db, {
        email: `${firstName.toLowerCase()}@firstmonth.test`,
        firstName,
        lastName: "Test",
        department,
        ...extra,
      });
    const frank = await person("Frank", "Marketing", { matchingPreference: "same-department" });
    for (const name of ["Ann", "Bo", "Cai", "Dov"]) await person(name, "Engineering");

    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(200);
    const answer: GeneratePairingResponse = res.json();
    expect(answer.unmatched).toBe(1);
    expect(answer.satOut).toEqual([
      {
        userId: frank.id,
        name: "Frank Test",
        reason:
          "No one else in Marketing is free this month and Frank Test asked for same-department chats.",
      },
    ]);

    const current: CurrentPairingsResponse = (
      await admin.get(`/api/admin/current-pairings?pairingId=${answer.pairingId}`)
    ).json();
    expect(current.satOut.filter((p) => p.pairingId === answer.pairingId)).toEqual([
      { ...answer.satOut[0], pairingId: answer.pairingId },
    ]);
  });
});

describe("placing someone who sat out before the announcement (docs/matches.md, When a match changes)", () => {
  it("tells nobody of the change; the announcement then names the final match", async () => {
    const company = await createRunningCompany(t.db, {
      name: "Unannounced",
      pairing: { announcedAt: null },
    });
    const gil = await company.person("Gil");
    const hal = await company.person("Hal");
    const ivy = await company.person("Ivy");
    await company.match(await company.person("Ann"), await company.person("Bo"));
    const satOut: SatOutEntry[] = [gil, hal, ivy].map((p) => ({
      userId: p.id,
      reason: numbers(5),
    }));
    await t.db.update(pairings).set({ satOut }).where(eq(pairings.id, company.pairing.id));
    const changeMails = async () =>
      (await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.kind, "match-change")))
        .map((m) => m.recipient)
        .filter((to) => to.endsWith(`@${company.domain}`));

    // The check says so before the admin confirms: nobody is e-mailed yet.
    const checked = await check(company.pairing.id, { userId: gil.id, withUserId: hal.id });
    expect(checked.json().told).toBe(false);
    const res = await place(company.pairing.id, { userId: gil.id, withUserId: hal.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().notified).toBe(0);
    expect(await changeMails()).toEqual([]);

    const queued = await queueAnnouncement(t.ctx, activePairingFile(company.pairing.id), {
      title: "Round announcement",
      domainGroupId: company.group.id,
    });
    expect(queued?.queued).toBe(5);
    const announced = await peer.waitForMessage((m) => m.to.includes(gil.email));
    expect(announced.subject).toBe("Your Cup of Joe match for March 2027");
    expect(announced.text).toContain("Hal Test");

    // Told once, every later change is told.
    const later = await place(company.pairing.id, {
      userId: ivy.id,
      matchId: (await membersOfMatchWith(company.pairing.id, gil.id)) as number,
      acceptBrokenRules: true,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().notified).toBe(3);
    expect((await changeMails()).sort()).toEqual([gil.email, hal.email, ivy.email].sort());
  });
});

/** The id of the match of `pairingId` that `userId` is in. */
async function membersOfMatchWith(pairingId: number, userId: string) {
  const rows = await withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
  );
  return rows.find((row) => memberIds(row).includes(userId))?.id;
}

describe("placing someone who sat out by hand", () => {
  it("names the rules a placement breaks, refuses it unconfirmed, then places and tells everyone", async () => {
    const { pairing, person, match } = await createRunningCompany(t.db);
    const frank = await person("Frank", {
      department: "Marketing",
      matchingPreference: "same-department",
    });
    // People store the department's key; the sentences name the department as people read it.
    await createDepartment(t.db, { name: "eng-key", displayName: "Engineering" });
    const ann = await person("Ann", { department: "eng-key" });
    const bo = await person("Bo", { department: "eng-key" });
    const pair = await match(ann, bo);
    await createMatch(t.db, { members: [frank, ann], month: "2027-01" });
    const satOut: SatOutEntry[] = [{ userId: frank.id, reason: numbers(3) }];
    await t.db.update(pairings).set({ satOut }).where(eq(pairings.id, pairing.id));

    const checked = await check(pairing.id, { userId: frank.id, matchId: pair.id });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({
      summary: "Frank Test joins Ann Test and Bo Test as a trio this month.",
      brokenRules: [
        "Frank Test asked for same-department chats, and Ann Test is in Engineering.",
        "Frank Test asked for same-department chats, and Bo Test is in Engineering.",
        "Frank Test and Ann Test met in January 2027, within the 3-month repeat window.",
      ],
      told: true,
    });

    const refused = await place(pairing.id, { userId: frank.id, matchId: pair.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This placement breaks a rule: Frank Test asked for same-department chats, and Ann Test is in Engineering. Frank Test asked for same-department chats, and Bo Test is in Engineering. Frank Test and Ann Test met in January 2027, within the 3-month repeat window. Confirm to place anyway.",
    );
    expect(await membersOf(pairing.id)).toEqual([[ann.id, bo.id]]);

    const res = await place(pairing.id, {
      userId: frank.id,
      matchId: pair.id,
      acceptBrokenRules: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Frank Test now joins Ann Test and Bo Test as a trio this month.",
      notified: 3,
    });
    expect(await membersOf(pairing.id)).toEqual([[ann.id, bo.id, frank.id]]);
    const toBo = await peer.waitForMessage((m) => m.to.includes(bo.email));
    expect(toBo.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    expect(toBo.text).toContain(
      "Frank Test joins you and Ann Test for your March 2027 coffee chat.",
    );
    const toFrank = await peer.waitForMessage((m) => m.to.includes(frank.email));
    expect(toFrank.text).toContain("You join Ann Test and Bo Test for a coffee chat in March 2027");
    const [line] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.kind, PLACED_KIND), eq(activities.userId, frank.id)));
    expect(line.detail).toContain(
      "An admin placed Frank Test, who sat out, with Ann Test and Bo Test",
    );
    expect(line.pairingId).toBe(pairing.id);

    const current: CurrentPairingsResponse = (
      await admin.get("/api/admin/current-pairings")
    ).json();
    expect(current.satOut.some((p) => p.userId === frank.id)).toBe(false);
    const again = await place(pairing.id, { userId: frank.id, matchId: pair.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("is not among the people who sat out");
  });

  it("pairs two people who sat out, keeping every rule without a confirmation", async () => {
    const { pairing, out } = await pairingWithSatOut(["Gil", "Hal"]);
    const checked = await check(pairing.id, { userId: out[0].id, withUserId: out[1].id });
    expect(checked.json()).toEqual({
      summary: "Gil Test and Hal Test meet as a pair this month.",
      brokenRules: [],
      told: true,
    });
    const res = await place(pairing.id, { userId: out[0].id, withUserId: out[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Gil Test now meets Hal Test this month.", notified: 2 });
    expect(await membersOf(pairing.id)).toEqual([[out[0].id, out[1].id]]);
    const toHal = await peer.waitForMessage((m) => m.to.includes(out[1].email));
    expect(toHal.text).toContain("Gil Test is your new coffee chat partner for March 2027.");
  });

  it("names a size choice the placement breaks", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const four = await person("Ivy", { preferredGroupSize: 4 });
    const one = await person("Jon");
    const satOut: SatOutEntry[] = [four, one].map((p) => ({ userId: p.id, reason: numbers(2) }));
    await t.db.update(pairings).set({ satOut }).where(eq(pairings.id, pairing.id));
    const checked = await check(pairing.id, { userId: one.id, withUserId: four.id });
    expect(checked.json().brokenRules).toEqual([
      "Ivy Test chose groups of four, and this makes a pair.",
    ]);
  });

  it("names a personal rule the placement breaks without saying whose or which", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const kay = await person("Kay", { meetWay: "in-person", office: "Berlin" });
    const lou = await person("Lou");
    const mo = await person("Mo");
    const ned = await person("Ned", { meetWay: "either", office: "Berlin" });
    const satOut: SatOutEntry[] = [kay, lou, mo, ned].map((p) => ({
      userId: p.id,
      reason: numbers(4),
    }));
    await t.db.update(pairings).set({ satOut }).where(eq(pairings.id, pairing.id));
    await t.db.insert(neverWith).values({ userId: mo.id, otherId: lou.id, addedAt: NOW });
    const rule =
      'A personal rule (a private "never with" list, a manager, or how someone can meet) keeps';
    // Kay meets only in person at Berlin; Lou has no office.
    const noWay = (await check(pairing.id, { userId: kay.id, withUserId: lou.id })).json();
    expect(noWay.brokenRules).toEqual([`${rule} Kay Test apart from this match.`]);
    // Lou is on Mo's private list: Lou is told nothing of whose rule it is.
    const avoided = (await check(pairing.id, { userId: lou.id, withUserId: mo.id })).json();
    expect(avoided.brokenRules).toEqual([`${rule} Lou Test apart from this match.`]);
    expect(JSON.stringify(avoided)).not.toContain("Mo Test's");
    // Kay and Ned can meet in person at Berlin.
    const fine = (await check(pairing.id, { userId: kay.id, withUserId: ned.id })).json();
    expect(fine.brokenRules).toEqual([]);
  });

  it("refuses what cannot be done, with a reason the admin can act on", async () => {
    const { pairing, out, placed, person, match } = await pairingWithSatOut(
      ["Kim"],
      [["Lu", "Mo"]],
    );
    const full = await match(...(await Promise.all(["N", "O", "P", "Q"].map((n) => person(n)))));
    const other = await createPairing(t.db, { month: "2027-03" });
    const elsewhere = await createMatch(t.db, {
      members: [await person("Rae"), await person("Sid")],
      pairing: other,
    });
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { userId: out[0].id, matchId: full.id },
        409,
        "That match already has four people, the most a match can have.",
      ],
      [
        { userId: out[0].id, matchId: elsewhere.id },
        404,
        `That match is not in "${pairing.name}" any more.`,
      ],
      [
        { userId: placed[0].people[0].id, matchId: full.id },
        409,
        "That match already has four people, the most a match can have.",
      ],
      [
        { userId: placed[0].people[0].id, withUserId: out[0].id },
        409,
        `Lu Test is not among the people who sat out of "${pairing.name}" (placed meanwhile, or never left out).`,
      ],
      [{ userId: out[0].id, withUserId: out[0].id }, 400, "Choose two different people."],
      [
        { userId: out[0].id, matchId: placed[0].match.id, withUserId: out[0].id },
        400,
        "Choose a match to join or another person who sat out, not both.",
      ],
      [{ userId: "nobody" }, 400, "Choose the person who sat out from the current pairings."],
    ];
    for (const [body, status, message] of cases) {
      const res = await place(pairing.id, body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({
        body,
        status,
        message,
      });
    }
    await t.db
      .update(matches)
      .set({ status: "completed" })
      .where(eq(matches.id, placed[0].match.id));
    const met = await place(pairing.id, { userId: out[0].id, matchId: placed[0].match.id });
    expect({ status: met.statusCode, message: met.json().message }).toEqual({
      status: 409,
      message:
        "That match has already had its chat. Pair the person with someone else who sat out.",
    });
    await t.db.update(matches).set({ status: "active" }).where(eq(matches.id, placed[0].match.id));
    await t.as(out[0]).put("/api/participation", { action: "skip_next" });
    const paused = await place(pairing.id, { userId: out[0].id, matchId: placed[0].match.id });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toMatch(/^Kim Test cannot be placed: /);
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const done = await place(pairing.id, { userId: out[0].id, matchId: placed[0].match.id });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(
      `"${pairing.name}" is completed; only a running pairing takes a placement.`,
    );
  });
});
