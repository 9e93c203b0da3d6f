import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../shared/rounds";
import { fixedClock } from "../clock";
import { matches, pairings } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { deliverQueued } from "../test/deliveries";
import { createAdmin, createRunningCompany, pauseInPlace } from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";
import { checkRoundInvariants } from "./round-invariants";

// March 2027's pairing day is Monday 1 March, April's Monday 5 April: the first half of the
// March round is 1 to 17 March (docs/matches.md, "My partner is away").
const MID_MARCH = new Date("2027-03-10T09:00:00Z");
const clock = fixedClock(MID_MARCH);
let peer: SmtpPeer;
let t: TestApp;
let boss: { id: string };
/** Signed in anew each time: admin sessions are short and the tests move the clock. */
const admin = (): Requests => t.as(boss);

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  boss = await createAdmin(t.db, { email: "boss@hq.test", participationStatus: "opted_out" });
});
checkRoundInvariantsAfterEach(() => t?.db);

/** A company of its own (group + whitelisted domain) with a running March pairing. */
async function company() {
  clock.set(MID_MARCH);
  return createRunningCompany(t.db, { name: "Away" });
}

const report = (who: { id: string }, matchId: number, body: object = {}) =>
  t.as(who).post(`/api/matches/${matchId}/partner-away`, body);
const pairingMatches = async (pairingId: number) =>
  withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)).orderBy(matches.id),
  );
const members = memberIds;

describe("my partner is away", () => {
  it("re-pairs the reporter with someone without a partner, tells both and records it", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const sam = await person("Sam");
    const old = await match(ada, bob);

    const res = await report(ada, old.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Thanks for telling us. Your new coffee chat partner for March 2027 is Sam Test.",
      outcome: "pair",
      partners: ["Sam Test"],
      notified: 3,
    });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, sam.id]]);
    const toSam = await peer.waitForMessage((m) => m.to.includes(sam.email));
    expect(toSam.text).toContain("Ada Test is your new coffee chat partner for March 2027.");
    const toAda = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(toAda.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    const toBob = await peer.waitForMessage((m) => m.to.includes(bob.email));
    expect(toBob.subject).toBe("We heard you're away in March 2027");
    expect(toBob.text).toContain("I'm not away");

    const activity: ActivityPage = (await admin().get("/api/admin/activity")).json();
    expect(activity.items[0]).toMatchObject({
      kind: "match.partner-away",
      detail: "Ada Test said Bob Test is away this month; Ada Test now meets Sam Test.",
      userId: bob.id,
      month: "2027-03",
    });
  });

  it("gives the away partner to nobody: a later re-pair joins a pair instead", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dan"].map((x) => person(x)),
    );
    const sam = await person("Sam");
    const old = await match(ada, bob);
    await match(cy, dan);
    expect((await report(ada, old.id)).json().partners).toEqual(["Sam Test"]);

    await pauseInPlace(t.db, dan);
    const res = await admin().post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: cy.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().kind).toBe("trio");
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, sam.id, cy.id]]);
  });

  it("in a trio, takes the away partner out and the other two stay matched", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy] = await Promise.all(["Ada", "Bob", "Cy"].map((x) => person(x)));
    await person("Sam");
    const trio = await match(ada, bob, cy);
    await deliverQueued(t);
    const sent = peer.messages.length;

    const unnamed = await report(ada, trio.id);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe("Choose the partner who is away from your match.");

    const res = await report(ada, trio.id, { partnerId: cy.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Thanks for telling us. You and Bob Test stay matched for March 2027.",
      outcome: "stays",
      notified: 1,
    });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, bob.id]]);
    // Only Cy is told (that they are reported away); Ada and Bob already know each other.
    await peer.waitForMessage((m) => m.to.includes(cy.email));
    await deliverQueued(t);
    expect(peer.messages.length).toBe(sent + 1);
  });

  it("in a match of four, takes the away partner out and the other three stay matched", async () => {
    const { pairing, matchOfFour } = await company();
    const { four, match } = await matchOfFour(["Ada", "Bob", "Cy", "Dee"]);
    const [ada, bob, cy, dee] = four;
    const res = await report(cy, match.id, { partnerId: bob.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Thanks for telling us. You, Ada Test and Dee Test stay matched for March 2027.",
      outcome: "stays",
      partners: ["Ada Test", "Dee Test"],
    });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, cy.id, dee.id]]);
  });

  it("re-pairs someone who chose a match of four into a trio of people who chose four", async () => {
    const { pairing, person, match } = await company();
    const chose4 = { preferredGroupSize: 4 };
    const [ada, bob] = [await person("Ada", chose4), await person("Bob", chose4)];
    const trio = [
      await person("Cy", chose4),
      await person("Dee", chose4),
      await person("Eve", chose4),
    ];
    const pair = await match(ada, bob);
    const trioMatch = await match(...trio);
    const res = await report(ada, pair.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        "Thanks for telling us. You join Cy Test, Dee Test and Eve Test for March 2027, as a group of four.",
      outcome: "four",
      notified: 5,
    });
    const rows = await pairingMatches(pairing.id);
    expect(rows.map((r) => r.id)).toEqual([trioMatch.id]);
    expect(members(rows[0])).toEqual([...trio.map((p) => p.id), ada.id]);
  });
});

describe("my partner is away: refusals", () => {
  it("refuses a second report by the same person in the month", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob] = await Promise.all(["Ada", "Bob"].map((x) => person(x)));
    await person("Sam");
    await person("Tia");
    expect((await report(ada, (await match(ada, bob)).id)).statusCode).toBe(200);
    const now = (await pairingMatches(pairing.id)).find((m) => members(m).includes(ada.id));
    if (!now) throw new Error("Ada has no match after the first report");
    const again = await report(ada, now.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "already_reported",
      message:
        "You already told us a partner is away in March 2027. If something else changed, please ask an admin.",
    });
  });

  it("refuses from the middle of the month, read in the company's time zone", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob] = await Promise.all(["Ada", "Bob"].map((x) => person(x)));
    await person("Sam");
    const old = await match(ada, bob);

    clock.set("2027-03-18T00:30:00Z");
    const late = await report(ada, old.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "second_half" });
    expect(late.json().message).toContain("(Wednesday, March 17)");

    // 20:00 UTC on the 17th is already the 18th in Auckland (UTC+13).
    clock.set("2027-03-17T20:00:00Z");
    const zone = await admin().put("/api/admin/rounds/time-zone", { timeZone: "Pacific/Auckland" });
    expect(zone.statusCode).toBe(200);
    expect((await report(ada, old.id)).json()).toMatchObject({ code: "second_half" });
    await admin().put("/api/admin/rounds/time-zone", { timeZone: "UTC" });
    expect((await report(ada, old.id)).statusCode).toBe(200);
    expect((await pairingMatches(pairing.id)).map(members)).not.toContainEqual([ada.id, bob.id]);
  });

  it("refuses once the chat happened, and the page no longer offers it (docs/profile.md)", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob] = await Promise.all(["Ada", "Bob"].map((x) => person(x)));
    await person("Sam");
    const old = await match(ada, bob);
    const answer = (who: { id: string }, status: string) =>
      t.as(who).put(`/api/matches/${old.id}/connection-status`, { status });
    const reportUntil = async (who: { id: string }) =>
      (await t.as(who).get("/api/matches/away-status")).json().reportUntil;
    expect(await reportUntil(ada)).toMatchObject({ iso: "2027-03-17" });

    expect((await answer(ada, "confirmed")).statusCode).toBe(200);
    const mine = await report(ada, old.id);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({
      code: "chat_happened",
      message:
        "You already met Bob Test this month: that chat stays in your matches and stats, so nobody in it can be reported away.",
    });
    const theirs = await report(bob, old.id);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(
      'Ada Test already answered "Met My Match" for March 2027: that chat stays in your matches and stats, so nobody in it can be reported away.',
    );
    expect(await reportUntil(ada)).toBeNull();
    expect(await reportUntil(bob)).toBeNull();
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, bob.id]]);

    // The rule is read live: with "Met" taken back, the report works again.
    expect((await answer(ada, "not_confirmed")).statusCode).toBe(200);
    expect(await reportUntil(bob)).toMatchObject({ iso: "2027-03-17" });
    expect((await report(bob, old.id)).statusCode).toBe(200);
  });

  it("refuses in a trio where one partner answered Met, whichever partner is named", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy] = await Promise.all(["Ada", "Bob", "Cy"].map((x) => person(x)));
    await person("Sam");
    const trio = await match(ada, bob, cy);
    await t.as(bob).put(`/api/matches/${trio.id}/connection-status`, { status: "confirmed" });
    const res = await report(ada, trio.id, { partnerId: cy.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Bob Test already answered "Met My Match" for March 2027: that chat stays in your matches and stats, so nobody in it can be reported away.',
    );
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, bob.id, cy.id]]);
  });

  it("keeps the match when nobody without a partner can meet the reporter", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada", { department: "eng", matchingPreference: "same-department" });
    const bob = await person("Bob", { department: "eng" });
    await person("Sam", { department: "sales" });
    const old = await match(ada, bob);
    const res = await report(ada, old.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "no_partner",
      message:
        'Nobody without a partner can meet you this month, so your match stays as it is. You can answer "Missed This Month" instead.',
    });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, bob.id]]);
  });

  it("adds nobody to a pair of people who chose one-to-one, and tells nobody", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dan"].map((x) => person(x)),
    );
    const chose3 = { preferredGroupSize: 3 };
    const [eve, fay] = [await person("Eve", chose3), await person("Fay", chose3)];
    const old = await match(ada, bob);
    await match(cy, dan);
    await match(eve, fay);
    const before = (await pairingMatches(pairing.id)).map(members);
    await deliverQueued(t);
    const sent = peer.messages.length;

    // Ada chose one-to-one (the default): nobody is free, and joining Cy and Dan (one-to-one) or
    // Eve and Fay (groups of 3) would put someone in a group they did not choose.
    const res = await report(ada, old.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "no_partner" });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual(before);
    await deliverQueued(t);
    expect(peer.messages.length).toBe(sent);
  });

  it("lets someone who chose a group of 3 join only a pair whose members chose groups too", async () => {
    const { pairing, person, match } = await company();
    const chose3 = { preferredGroupSize: 3 };
    const ada = await person("Ada", chose3);
    const [bob, cy] = [await person("Bob"), await person("Cy")];
    const dan = await person("Dan", chose3);
    const old = await match(ada, bob);
    await match(cy, dan);
    const refused = await report(ada, old.id);
    expect(refused.statusCode).toBe(409);
    // What Ada's choice allows was looked for, and the answer says so.
    expect(refused.json()).toMatchObject({
      code: "no_partner",
      message:
        'Nobody without a partner can meet you this month, and no pair or group of 3 whose members all chose groups too could take you, so your match stays as it is. You can answer "Missed This Month" instead.',
    });

    const [eve, fay] = [
      await person("Eve", chose3),
      await person("Fay", { preferredGroupSize: 4 }),
    ];
    const groupOf3 = await match(eve, fay);
    const res = await report(ada, old.id);
    expect(res.json()).toMatchObject({ outcome: "trio", partners: ["Eve Test", "Fay Test"] });
    const rows = await pairingMatches(pairing.id);
    expect(rows.map(members)).toEqual([
      [cy.id, dan.id],
      [eve.id, fay.id, ada.id],
    ]);
    expect(rows[1].id).toBe(groupOf3.id);
  });

  it("answers 404 to someone outside the match and 409 once the pairing is completed", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, olga] = await Promise.all(["Ada", "Bob", "Olga"].map((x) => person(x)));
    const old = await match(ada, bob);
    expect((await report(olga, old.id)).statusCode).toBe(404);
    expect((await t.post(`/api/matches/${old.id}/partner-away`, {})).statusCode).toBe(401);
    expect((await t.as(ada).get(`/api/matches/${old.id}/partner-away`)).statusCode).toBe(404);

    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const done = await report(ada, old.id);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({
      code: "pairing_completed",
      message: "Your March 2027 match is over, so there is nobody to re-pair you with now.",
    });
  });
});

describe("my partner is away, done kindly", () => {
  const tokenIn = (text: string) => /not-away\?token=([^\s\]>)"]+)/.exec(text)?.[1] ?? "";

  it("tells the person reported away, whose page says so, and one press puts them back", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dan"].map((x) => person(x)),
    );
    const old = await match(ada, bob);
    await match(cy, dan);
    const sam = await person("Sam");
    expect((await report(ada, old.id)).json().partners).toEqual(["Sam Test"]);
    await checkRoundInvariants(t.db);

    expect((await t.as(bob).get("/api/matches/away-status")).json()).toEqual({
      away: { month: "2027-03", reportedAt: MID_MARCH.toISOString() },
      waiting: null,
      reportUntil: null,
    });
    const mail = await peer.waitForMessage(
      (m) => m.to.includes(bob.email) && m.subject.startsWith("We heard"),
    );
    const token = decodeURIComponent(tokenIn(mail.text));
    // One press puts Bob back among the people without a partner, but places him nowhere: nobody
    // is free, and both pairs chose one-to-one, as Bob did. Nobody in them asked for a trio, so
    // joining one would break their choice (docs/matches.md, "I'm not away"). A second press
    // changes nothing more.
    const before = (await pairingMatches(pairing.id)).map(members);
    expect(before).toEqual([
      [cy.id, dan.id],
      [ada.id, sam.id],
    ]);
    const back = await t.post("/api/not-away", { token });
    expect(back.json()).toEqual({
      placed: false,
      message:
        "Thanks! You are back in March 2027's round. Nobody without a partner is free right now; if someone needs a partner this month, we will pair you and e-mail you.",
    });
    expect((await t.as(bob).get("/api/matches/away-status")).json().away).toBeNull();
    expect((await t.post("/api/not-away", { token })).json()).toMatchObject({ placed: false });
    expect((await pairingMatches(pairing.id)).map(members)).toEqual(before);
    await checkRoundInvariants(t.db);
  });

  it("puts someone back who chose a group into a match whose members all chose groups", async () => {
    const { pairing, person, match } = await company();
    const chose3 = { preferredGroupSize: 3 };
    const [ada, bob] = [await person("Ada"), await person("Bob", chose3)];
    const [cy, dan] = [await person("Cy"), await person("Dan")];
    const [eve, fay] = [await person("Eve", chose3), await person("Fay", chose3)];
    const old = await match(ada, bob);
    await match(cy, dan);
    const groupOf3 = await match(eve, fay);
    await person("Sam");
    expect((await report(ada, old.id)).json().partners).toEqual(["Sam Test"]);

    // Bob chose a group of 3: Eve and Fay chose one too, Cy and Dan did not.
    const back = await t.as(bob).post("/api/matches/not-away");
    expect(back.json()).toEqual({
      placed: true,
      message: "Welcome back! You meet Eve Test and Fay Test for March 2027.",
    });
    const rows = await pairingMatches(pairing.id);
    expect(rows.find((r) => r.id === groupOf3.id)?.members.map((m) => m.userId)).toEqual([
      eve.id,
      fay.id,
      bob.id,
    ]);
    expect(rows.map(members)).toContainEqual([cy.id, dan.id]);
  });

  it("lets an admin re-pair someone reported away", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy] = await Promise.all(["Ada", "Bob", "Cy"].map((x) => person(x)));
    const trio = await match(ada, bob, cy);
    await person("Sam");
    expect((await report(ada, trio.id, { partnerId: cy.id })).statusCode).toBe(200);
    const res = await admin().post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: cy.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().partners).toEqual(["Sam Test"]);
    await checkRoundInvariants(t.db);
  });

  it("refuses to take out someone who joined by a re-pair this month", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dan"].map((x) => person(x)),
    );
    await match(ada, bob);
    await match(cy, dan);
    await pauseInPlace(t.db, dan);
    expect(
      (await admin().post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: cy.id })).json()
        .kind,
    ).toBe("trio");
    const [trio] = (await pairingMatches(pairing.id)).filter((m) => m.members.length === 3);
    const res = await report(ada, trio.id, { partnerId: cy.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Cy Test joined your match by a re-pair this month, so we cannot take them out again. If they cannot meet, please ask a Cup of Joe admin.",
    );
    expect(memberIds(trio)).toContain(cy.id);
    await checkRoundInvariants(t.db);
  });
});
