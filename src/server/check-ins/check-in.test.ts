import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type CheckInAnswer,
  checkInConfirmations,
  NOT_YET_NO_REMINDER,
} from "../../shared/check-in-answers";
import { fixedClock } from "../clock";
import { activities, checkIns, matches, pairings, roundSteps } from "../db/schema";
import { signLinkToken } from "../mail/signed-links";
import { allowEmail, createMatch, createPairing, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import { storedAnswers, storedChatHappened, storedMatch } from "../test/stored-match";
import type { TestApp } from "../test/test-app";
import { askCheckIns } from "./ask-check-ins";
import { remindCheckIns } from "./remind-check-ins";

const NOW = new Date("2027-03-08T09:00:00Z");
const SECRET = "test-secret-test-secret-test-secret-0123";
const DAY = 86_400_000;
const clock = fixedClock(NOW);
let peer: SmtpPeer;
let t: TestApp;
let n = 0;

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));

/** A whitelisted company with a running March pairing. */
async function company() {
  const domain = `ci${++n}.test`;
  await allowEmail(t.db, `*@${domain}`);
  const pairing = await createPairing(t.db, { month: "2027-03", name: `March ${n}` });
  const person = (first: string, fields: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.db, {
      email: `${first.toLowerCase()}@${domain}`,
      firstName: first,
      lastName: "Test",
      ...fields,
    });
  const match = (a: { id: string }, b: { id: string }, answers: (CheckInAnswer | null)[] = []) =>
    createMatch(t.db, { members: [a, b], pairing, answers });
  return { pairing, person, match, domain };
}

/** A run, then the outbox's delivery of what it queued. */
const askAndDeliver = async (pairingId: number) => {
  const run = await askCheckIns(t.ctx, { pairingId });
  await t.outbox();
  return run;
};
const remindAndDeliver = async (pairingId: number) => {
  const run = await remindCheckIns(t.ctx, { pairingId });
  await t.outbox();
  return run;
};
const mailsTo = (domain: string) => peer.messages.filter((m) => m.to[0]?.endsWith(`@${domain}`));
const linkOf = (mail: ReceivedMail, choice: string) => {
  const found = mail.text.match(
    new RegExp(`<(https?://[^>]+/check-in\\?token=[^&>]+&choice=${choice})>`),
  );
  if (!found) throw new Error(`no ${choice} link in: ${mail.text}`);
  return new URL(found[1]);
};
const tokenOf = (mail: ReceivedMail) => linkOf(mail, "met").searchParams.get("token") as string;
const snapshot = async () => ({
  matches: await t.db.select().from(matches).orderBy(matches.id),
  checkIns: await t.db.select().from(checkIns).orderBy(checkIns.id),
});

describe("the check-in e-mail", () => {
  it("asks only the members whose answer is pending and who can be written to, once", async () => {
    const { pairing, person, match, domain } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const cy = await person("Cy");
    const dee = await person("Dee", { participationStatus: "opted_out" });
    await match(ada, bob, [null, "met"]);
    await match(cy, dee);

    const run = await askAndDeliver(pairing.id);
    expect(run).toMatchObject({ sent: 2 });
    expect(
      mailsTo(domain)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([`ada@${domain}`, `cy@${domain}`]);
    const toAda = mailsTo(domain).find((m) => m.to[0] === `ada@${domain}`) as ReceivedMail;
    expect(toAda.subject).toBe("Did you meet Bob Test?");
    const header = (name: string) => toAda.parsed.headers.find((h) => h.key === name)?.value;
    expect(header("list-unsubscribe")).toMatch(/^<http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=/);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    expect(await askAndDeliver(pairing.id)).toMatchObject({ sent: 0 });
    expect(mailsTo(domain)).toHaveLength(2);
    const logged = await t.db.select().from(activities).where(eq(activities.pairingId, pairing.id));
    expect(logged.map((a) => [a.kind, a.userId, a.detail]).sort()).toEqual(
      [
        ["check-in.sent", ada.id, "Asked Ada Test whether they met Bob Test (March 2027)."],
        ["check-in.sent", cy.id, "Asked Cy Test whether they met Dee Test (March 2027)."],
      ].sort(),
    );
  });

  it("queues the question with its claim, so a mail-server outage loses nobody's", async () => {
    const { pairing, person, match, domain } = await company();
    await match(await person("Eve"), await person("Fay"));
    await peer.stop();
    try {
      expect(await askCheckIns(t.ctx, { pairingId: pairing.id })).toMatchObject({ sent: 2 });
      await t.outboxDelivery.settled();
      expect(mailsTo(domain)).toEqual([]);
    } finally {
      await peer.restart();
    }
    clock.advance(10 * 60_000);
    await t.outbox();
    expect(await askAndDeliver(pairing.id)).toMatchObject({ sent: 0 });
    expect(
      mailsTo(domain)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([`eve@${domain}`, `fay@${domain}`]);
  });

  it("asks nobody in a completed pairing", async () => {
    const { pairing, person, match } = await company();
    await match(await person("Gus"), await person("Hal"));
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    expect(await askAndDeliver(pairing.id)).toMatchObject({ sent: 0 });
  });

  it("reminds once at most: the still pending and those who said Not yet", async () => {
    const { pairing, person, match, domain } = await company();
    const [ivy, jon, kim, lou] = [
      await person("Ivy"),
      await person("Jon"),
      await person("Kim"),
      await person("Lou"),
    ];
    await match(ivy, jon);
    await match(kim, lou);
    await askAndDeliver(pairing.id);
    const mail = (who: string) =>
      mailsTo(domain).find((m) => m.to[0] === `${who}@${domain}`) as ReceivedMail;
    await t.post("/api/check-in", { token: tokenOf(mail("ivy")), answer: "met" });
    await t.post("/api/check-in", { token: tokenOf(mail("jon")), answer: "not_yet" });
    await t.post("/api/check-in", { token: tokenOf(mail("kim")), answer: "skip" });

    const reminded = await remindAndDeliver(pairing.id);
    expect(reminded.userIds.sort()).toEqual([jon.id, lou.id].sort());
    const reminders = mailsTo(domain).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders.map((m) => m.to[0]).sort()).toEqual([`jon@${domain}`, `lou@${domain}`]);
    expect(reminders[0].subject).toMatch(/^Reminder: did you meet (Ivy|Kim) Test\?$/);

    clock.advance(7 * DAY);
    expect(await remindAndDeliver(pairing.id)).toMatchObject({ sent: 0 });
    clock.set(NOW);
  });
});

describe("Not yet's thanks", () => {
  it("promises another question only while the round's reminder is still to come for the person", async () => {
    const { pairing, person, match, domain } = await company();
    const [ada, bob, cy, dee] = [
      await person("Ada"),
      await person("Bob"),
      await person("Cy"),
      await person("Dee"),
    ];
    await match(ada, bob);
    await match(cy, dee);
    await askAndDeliver(pairing.id);
    const token = (who: string) =>
      tokenOf(mailsTo(domain).find((m) => m.to[0] === `${who}@${domain}`) as ReceivedMail);
    const notYet = async (who: string) =>
      (await t.post("/api/check-in", { token: token(who), answer: "not_yet" })).json().message;

    // A round that holds no reminder (it completes first): nobody asks again.
    expect(await notYet("ada")).toBe(NOT_YET_NO_REMINDER);

    const [step] = await t.db
      .insert(roundSteps)
      .values({
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        kind: "reminder",
        dueAt: new Date(NOW.getTime() + 7 * DAY),
      })
      .returning();
    expect(await notYet("bob")).toBe(checkInConfirmations.not_yet);

    // Once reminded, or once the step ran or was skipped, no other question follows.
    await remindAndDeliver(pairing.id);
    expect(await notYet("bob")).toBe(NOT_YET_NO_REMINDER);
    expect(await notYet("cy")).toBe(NOT_YET_NO_REMINDER);
    await t.db.update(roundSteps).set({ state: "skipped" }).where(eq(roundSteps.id, step.id));
    await t.db
      .update(checkIns)
      .set({ reminderSentAt: null })
      .where(eq(checkIns.pairingId, pairing.id));
    expect(await notYet("dee")).toBe(NOT_YET_NO_REMINDER);
  });
});

describe("the check-in page's calls", () => {
  it("GETs of every check-in link and of the API change nothing", async () => {
    const { pairing, person, match, domain } = await company();
    await match(await person("Mo"), await person("Ned"));
    await askAndDeliver(pairing.id);
    const before = await snapshot();
    for (const mail of mailsTo(domain)) {
      for (const choice of ["met", "not_yet", "skip"]) {
        const link = linkOf(mail, choice);
        await t.get(`${link.pathname}${link.search}`);
        const api = await t.get(
          `/api/check-in?token=${encodeURIComponent(link.searchParams.get("token") as string)}`,
        );
        expect(api.statusCode).toBe(200);
        expect(api.json()).toMatchObject({
          partners: [expect.any(String)],
          month: "March 2027",
          answer: null,
          open: true,
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("records Met, Not yet and Skip as the answers the chat counts use", async () => {
    const { pairing, person, match, domain } = await company();
    const [oz, pia] = [await person("Oz"), await person("Pia")];
    const row = await match(oz, pia);
    await askAndDeliver(pairing.id);
    const token = (who: string) =>
      tokenOf(mailsTo(domain).find((m) => m.to[0] === `${who}@${domain}`) as ReceivedMail);

    const skip = await t.post("/api/check-in", { token: token("oz"), answer: "skip" });
    expect(skip.statusCode).toBe(200);
    expect(skip.json()).toMatchObject({
      answer: "skip",
      partners: ["Pia Test"],
      message: expect.stringMatching(/missed/),
    });
    const notYet = await t.post("/api/check-in", { token: token("pia"), answer: "not_yet" });
    expect(notYet.json().answer).toBe("not_yet");
    expect(await storedAnswers(t.db, row.id)).toEqual(["skip", "not_yet"]);
    expect(await storedChatHappened(t.db, row.id)).toBe(false);

    const met = await t.post("/api/check-in", { token: token("pia"), answer: "met" });
    expect(met.json()).toMatchObject({
      answer: "met",
      message: "Thank you! Your coffee chat counts as met.",
    });
    expect((await storedAnswers(t.db, row.id))[1]).toBe("met");
    expect(await storedChatHappened(t.db, row.id)).toBe(true);
    const answered = (await storedMatch(t.db, row.id)).members[1];
    expect(answered).toMatchObject({ userId: pia.id, answer: "met", answeredAt: NOW });
  });

  it("refuses a change once the month's pairing is completed", async () => {
    const { pairing, person, match, domain } = await company();
    const row = await match(await person("Quin"), await person("Ray"));
    await askAndDeliver(pairing.id);
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const token = tokenOf(mailsTo(domain)[0]);
    expect((await t.get(`/api/check-in?token=${encodeURIComponent(token)}`)).json().open).toBe(
      false,
    );
    const res = await t.post("/api/check-in", { token, answer: "met" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The March 2027 pairing is completed, so its answers can no longer change.",
    );
    expect((await storedAnswers(t.db, row.id))[0]).toBeNull();
  });

  it("refuses forged, altered and other-purpose tokens, and explains an expired one", async () => {
    const { pairing, person, match } = await company();
    const [sal, tim] = [await person("Sal"), await person("Tim")];
    const row = await match(sal, tim);
    await askAndDeliver(pairing.id);
    const good = signLinkToken(SECRET, "check-in", {
      userId: sal.id,
      id: row.id,
      expiresAt: new Date(NOW.getTime() + DAY),
    });
    const [, , expiry, mac] = good.split(".");
    const forged = [
      signLinkToken("another-secret-another-secret-0123456789", "check-in", {
        userId: sal.id,
        id: row.id,
        expiresAt: new Date(NOW.getTime() + DAY),
      }),
      signLinkToken(SECRET, "still-in", {
        userId: sal.id,
        id: row.id,
        expiresAt: new Date(NOW.getTime() + DAY),
      }),
      `${tim.id}.${row.id}.${expiry}.${mac}`,
      `${sal.id}.${row.id + 1}.${expiry}.${mac}`,
      `${sal.id}.${row.id}.${Number(expiry) + 86_400}.${mac}`,
      `${sal.id}.${row.id}.${expiry}.${"0".repeat(32)}`,
      "not-a-token",
      `${good}.extra`,
    ];
    const before = await snapshot();
    for (const token of forged) {
      const res = await t.post("/api/check-in", { token, answer: "met" });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(
        "This check-in link is not valid. Please use the link from your e-mail.",
      );
      expect((await t.get(`/api/check-in?token=${encodeURIComponent(token)}`)).statusCode).toBe(
        400,
      );
    }
    const missing = await t.post("/api/check-in", { answer: "met" });
    expect(missing.statusCode).toBe(400);
    const wrongAnswer = await t.post("/api/check-in", { token: good, answer: "maybe" });
    expect(wrongAnswer.json().message).toBe("Please choose Met, Not yet or Skip.");

    clock.advance(DAY + 1000);
    const expired = await t.post("/api/check-in", { token: good, answer: "met" });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/has expired/);
    clock.set(NOW);
    expect(await snapshot()).toEqual(before);
  });
});
