import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../../shared/rounds";
import { fixedClock } from "../clock";
import { utcDayOf } from "../dates/month-dates";
import { matches, pairings, roundSteps, stillInQuestions, users } from "../db/schema";
import { signLinkToken } from "../mail/signed-links";
import { memberIds, withMembers } from "../match-members/match-members";
import { completePairing } from "../pairings/records/complete-pairing";
import { listEligibleUsers } from "../pairings/scope/eligibility";
import { resolveScope } from "../pairings/scope/scope";
import { writeHandMadeRound } from "../rounds/hand-made-round";
import {
  allowEmail,
  createAdmin,
  createGroup,
  createGroupPairing,
  createMatch,
  createUser,
} from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";
import { answerStillIn } from "./answer-still-in";
import { askCheckIns } from "./ask-check-ins";
import { askQuietPeople } from "./ask-quiet-people";
import { listQuietPeople } from "./list-quiet-people";

const NOW = new Date("2027-04-02T09:00:00Z");
const SECRET = "test-secret-test-secret-test-secret-0123";
const clock = fixedClock(NOW);
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;
let n = 0;

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = t.as(await createAdmin(t.db, { email: "boss@quiet-hq.test" }));
});

type Answer = null | "met" | "not_yet" | "skip";

/**
 * A group with three completed rounds (January to March). Quinn answers nothing in any of them
 * and no partner reports meeting; Rae answers nothing either, but in January Dan reported meeting.
 */
async function threeQuietRounds() {
  const domain = `quiet${++n}.test`;
  const group = await createGroup(t.db, { displayName: `Quiet ${n}` });
  await allowEmail(t.db, `*@${domain}`, group.id);
  const person = (first: string) =>
    createUser(t.db, {
      email: `${first.toLowerCase()}@${domain}`,
      firstName: first,
      lastName: "Test",
    });
  const [quinn, amy, bea, cal, rae, dan] = await Promise.all(
    ["Quinn", "Amy", "Bea", "Cal", "Rae", "Dan"].map(person),
  );
  const round = async (
    month: string,
    groups: Array<[{ id: string }, Answer, { id: string }, Answer]>,
  ) => {
    const pairing = await createGroupPairing(t.db, group, {
      month,
      status: "completed",
      createdAt: new Date(`${month}-01T09:00:00Z`),
    });
    for (const [a, aAnswer, b, bAnswer] of groups) {
      await createMatch(t.db, { members: [a, b], answers: [aAnswer, bAnswer], pairing });
    }
  };
  await round("2027-01", [
    [quinn, null, amy, "not_yet"],
    [bea, "met", cal, null],
    [rae, null, dan, "met"],
  ]);
  await round("2027-02", [
    [quinn, null, bea, "not_yet"],
    [amy, "met", cal, null],
    [rae, null, dan, "not_yet"],
  ]);
  await round("2027-03", [
    [quinn, null, cal, "not_yet"],
    [amy, "not_yet", bea, null],
    [rae, null, dan, "not_yet"],
  ]);
  return { group, domain, quinn, rae, scopeKey: String(group.id) };
}

const eligibleIds = async (groupId: number) =>
  (await listEligibleUsers(t.db, await resolveScope(t.db, groupId), utcDayOf(clock.now()))).map(
    (u) => u.id,
  );
const stillInLink = (mail: ReceivedMail) => {
  const found = mail.text.match(/<(https?:\/\/[^>]+\/still-in\?token=[^>]+)>/);
  if (!found) throw new Error(`no still-in link in: ${mail.text}`);
  return decodeURIComponent(new URL(found[1]).searchParams.get("token") as string);
};
const mailTo = (address: string) => peer.waitForMessage((m) => m.to[0] === address);

describe("quiet people", () => {
  it("asks someone silent whose partners said Missed, through rounds closed by their completion", async () => {
    const domain = `closed${++n}.test`;
    const group = await createGroup(t.db, { displayName: `Closed ${n}` });
    await allowEmail(t.db, `*@${domain}`, group.id);
    const people = [];
    for (const first of ["Sid", "Ann", "Bo", "Cy"]) {
      people.push(
        await createUser(t.db, {
          email: `${first.toLowerCase()}@${domain}`,
          firstName: first,
          lastName: "Test",
        }),
      );
    }
    const [sid, ...partners] = people;
    for (const [i, month] of ["2027-01", "2027-02", "2027-03"].entries()) {
      const pairing = await createGroupPairing(t.db, group, {
        month,
        createdAt: new Date(`${month}-01T09:00:00Z`),
      });
      // The partner pressed "Missed This Month" on the Matches page (stored as skip).
      await createMatch(t.db, { members: [sid, partners[i]], answers: [null, "skip"], pairing });
      await completePairing(t.ctx, pairing.id);
    }
    const run = await askQuietPeople(t.ctx, { scopeKey: String(group.id) });
    expect(run.userIds).toEqual([sid.id]);
    expect(await eligibleIds(group.id)).not.toContain(sid.id);
  });

  it("asks someone silent for three rounds, and leaves them out of the fourth until they answer", async () => {
    const { group, domain, quinn, rae, scopeKey } = await threeQuietRounds();
    const run = await askQuietPeople(t.ctx, { scopeKey });
    expect(run.userIds).toEqual([quinn.id]);
    const mail = await mailTo(`quinn@${domain}`);
    expect(mail.subject).toBe("Still up for coffee chats?");
    expect(mail.parsed.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe(
      "List-Unsubscribe=One-Click",
    );
    expect(peer.messages.some((m) => m.to[0] === `rae@${domain}`)).toBe(false);

    expect(await eligibleIds(group.id)).not.toContain(quinn.id);
    expect(await eligibleIds(group.id)).toContain(rae.id);
    const validation = await admin.get(`/api/admin/pairing-validation?domainGroupId=${group.id}`);
    expect(validation.json().excluded).toMatchObject({ not_answering: 1 });
    const generated = await admin.post(`/api/admin/generate-pairing/${group.id}`, {});
    expect(generated.statusCode).toBe(200);
    const [april] = await t.db
      .select()
      .from(pairings)
      .where(and(eq(pairings.scopeKey, scopeKey), eq(pairings.month, "2027-04")));
    const fourth = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, april.id)),
    );
    expect(fourth.length).toBeGreaterThan(0);
    expect(fourth.flatMap(memberIds)).not.toContain(quinn.id);

    expect((await askQuietPeople(t.ctx, { scopeKey })).sent).toBe(0);
  });

  it("shows the admin who is waiting for an answer, since when and why", async () => {
    const { quinn, scopeKey } = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey });
    const res = await admin.get("/api/admin/quiet-people");
    expect(res.statusCode).toBe(200);
    expect(res.json().people).toContainEqual({
      userId: quinn.id,
      name: "Quinn Test",
      email: quinn.email,
      since: NOW.toISOString(),
      silentMonths: ["2027-01", "2027-02", "2027-03"],
      reason:
        "No check-in answer in January 2027, February 2027, March 2027, and no partner reported meeting.",
    });
    expect((await t.as(quinn).get("/api/admin/quiet-people")).statusCode).toBe(403);
    // The programme asked: the activity list names Quinn in the line, and no actor.
    const activity = (await admin.get("/api/admin/activity?limit=50")).json();
    const asked = activity.items.find(
      (item: ActivityItem) => item.kind === "still-in.asked" && item.userId === quinn.id,
    );
    expect(asked).toMatchObject({ userName: "Quinn Test", byName: null });
    expect(asked.detail).toMatch(/^Asked Quinn Test whether they are still up for coffee chats/);
  });

  it("does not count a month whose check-in was not held: its round was completed first", async () => {
    const { group, quinn, rae, scopeKey } = await threeQuietRounds();
    try {
      // April is generated by hand on the 2nd at 09:00 (its check-in due on the 9th), completed at noon.
      const april = await createGroupPairing(t.db, group, { month: "2027-04", createdAt: NOW });
      await createMatch(t.db, { members: [quinn, rae], pairing: april });
      await t.db.transaction((tx) =>
        writeHandMadeRound(tx, { scopeKey, month: "2027-04", pairingId: april.id, at: NOW }),
      );
      clock.set("2027-04-02T12:00:00Z");
      expect((await admin.post(`/api/admin/complete-pairing/${april.id}`, {})).statusCode).toBe(
        200,
      );
      const steps = await t.db
        .select()
        .from(roundSteps)
        .where(and(eq(roundSteps.scopeKey, scopeKey), eq(roundSteps.month, "2027-04")));
      expect(steps.find((s) => s.kind === "check-in")?.state).toBe("skipped");

      clock.set("2027-04-29T09:00:00Z");
      expect((await askQuietPeople(t.ctx, { scopeKey })).userIds).toEqual([quinn.id]);
      const asked = (await listQuietPeople(t.ctx)).people.find((p) => p.userId === quinn.id);
      expect(asked?.reason).toBe(
        "No check-in answer in January 2027, February 2027, March 2027, and no partner reported meeting.",
      );
    } finally {
      clock.set(NOW);
    }
  });

  it("counts a running month only once its check-in has been out a week: time to answer it", async () => {
    const { group, quinn, rae, scopeKey } = await threeQuietRounds();
    try {
      const april = await createGroupPairing(t.db, group, { month: "2027-04", createdAt: NOW });
      await createMatch(t.db, { members: [quinn, rae], pairing: april });
      // The check-in goes out moments before the next draft, as when the app catches up.
      expect((await askCheckIns(t.ctx, { pairingId: april.id })).sent).toBe(2);
      clock.set("2027-04-02T09:00:05Z");
      expect((await askQuietPeople(t.ctx, { scopeKey })).userIds).toEqual([quinn.id]);
      // A week later nobody answered April either: now it counts, and Rae's row of silence is three.
      clock.set("2027-04-09T09:00:00Z");
      expect((await askQuietPeople(t.ctx, { scopeKey })).userIds).toEqual([rae.id]);
      const asked = (await listQuietPeople(t.ctx)).people.find((p) => p.userId === rae.id);
      expect(asked?.silentMonths).toEqual(["2027-02", "2027-03", "2027-04"]);
    } finally {
      clock.set(NOW);
    }
  });

  it("brings someone back who answers 'stay in', and does not ask again about the same rounds", async () => {
    const { group, domain, quinn, scopeKey } = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey });
    const token = stillInLink(await mailTo(`quinn@${domain}`));
    const before = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.userId, quinn.id));
    const view = await t.get(`/api/still-in?token=${encodeURIComponent(token)}`);
    expect(view.json()).toEqual({ firstName: "Quinn", choice: null });
    expect(
      await t.db.select().from(stillInQuestions).where(eq(stillInQuestions.userId, quinn.id)),
    ).toEqual(before);
    expect(await eligibleIds(group.id)).not.toContain(quinn.id);

    const res = await t.post("/api/still-in", { token, choice: "stay_in" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      choice: "stay_in",
      message: "Great! You are back in the next coffee chat round.",
    });
    expect(await eligibleIds(group.id)).toContain(quinn.id);
    expect((await askQuietPeople(t.ctx, { scopeKey })).sent).toBe(0);
    expect(
      (await admin.get("/api/admin/quiet-people"))
        .json()
        .people.map((p: { userId: string }) => p.userId),
    ).not.toContain(quinn.id);

    const again = await t.post("/api/still-in", { token, choice: "opt_out" });
    expect(again.statusCode).toBe(409);
  });

  it("pauses for three months or opts out, as chosen", async () => {
    const first = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey: first.scopeKey });
    const pause = await t.post("/api/still-in", {
      token: stillInLink(await mailTo(`quinn@${first.domain}`)),
      choice: "pause",
    });
    expect(pause.statusCode).toBe(200);
    const [paused] = await t.db.select().from(users).where(eq(users.id, first.quinn.id));
    expect(paused).toMatchObject({ participationStatus: "paused", pauseEndDate: "2027-07-02" });

    const second = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey: second.scopeKey });
    await t.post("/api/still-in", {
      token: stillInLink(await mailTo(`quinn@${second.domain}`)),
      choice: "opt_out",
    });
    const [gone] = await t.db.select().from(users).where(eq(users.id, second.quinn.id));
    expect(gone.participationStatus).toBe("opted_out");
  });

  it("refuses a forged token or a check-in token for the question", async () => {
    const { quinn, scopeKey } = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey });
    const [question] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.userId, quinn.id));
    const expiresAt = new Date(NOW.getTime() + 86_400_000);
    for (const token of [
      signLinkToken(SECRET, "check-in", { userId: quinn.id, id: question.id, expiresAt }),
      signLinkToken("another-secret-another-secret-0123456789", "still-in", {
        userId: quinn.id,
        id: question.id,
        expiresAt,
      }),
      "not-a-token",
    ]) {
      const res = await t.post("/api/still-in", { token, choice: "stay_in" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "This link is not valid. Please use the link from your e-mail.",
      );
    }
    const [still] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.id, question.id));
    expect(still.answeredAt).toBeNull();
  });

  it("acts on one of two presses sent at the same moment, and tells the other it was answered", async () => {
    const { domain, quinn, scopeKey } = await threeQuietRounds();
    await askQuietPeople(t.ctx, { scopeKey });
    const token = stillInLink(await mailTo(`quinn@${domain}`));
    const press = (choice: "pause" | "opt_out") =>
      answerStillIn(t.ctx, { token, choice }).then(
        () => 200,
        (error: { statusCode?: number }) => error.statusCode,
      );
    const [pause, optOut] = await Promise.all([press("pause"), press("opt_out")]);
    expect([pause, optOut].sort()).toEqual([200, 409]);
    const winner = pause === 200 ? "pause" : "opt_out";
    const [question] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.userId, quinn.id));
    expect(question.choice).toBe(winner);
    const [stored] = await t.db.select().from(users).where(eq(users.id, quinn.id));
    expect(stored.participationStatus).toBe(winner === "pause" ? "paused" : "opted_out");
  });
});
