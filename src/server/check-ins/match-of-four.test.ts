import { describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import { fixedClock } from "../clock";
import { chatAnswersOf } from "../match-members/match-members";
import { allowEmail, createMatch, createPairing, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import { storedAnswers, storedChatHappened, storedMatch } from "../test/stored-match";
import type { TestApp } from "../test/test-app";
import { askCheckIns } from "./ask-check-ins";

const NOW = new Date("2027-03-08T09:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
let n = 0;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));

/** A running March pairing whose one match is Ann, Bea, Cal and Dan, all asked by e-mail. */
async function askedMatchOfFour() {
  const domain = `four${++n}.test`;
  await allowEmail(t.db, `*@${domain}`);
  const pairing = await createPairing(t.db, { month: "2027-03" });
  const four = [];
  for (const firstName of ["Ann", "Bea", "Cal", "Dan"]) {
    four.push(
      await createUser(t.db, {
        firstName,
        lastName: "Test",
        email: `${firstName.toLowerCase()}@${domain}`,
      }),
    );
  }
  const match = await createMatch(t.db, { members: four, pairing });
  const run = await askCheckIns(t.ctx, { pairingId: pairing.id });
  await t.outbox();
  const mails = peer.messages.filter((m) => m.to[0]?.endsWith(`@${domain}`));
  const tokenOf = (email: string) => {
    const mail = mails.find((m) => m.to[0] === email) as ReceivedMail;
    const link = mail.text.match(/<(https?:\/\/[^>]+\/check-in\?token=[^&>]+)&choice=met>/);
    return new URL(link?.[1] as string).searchParams.get("token") as string;
  };
  return { four, match, run, mails, tokenOf };
}

describe("checking in with a match of four", () => {
  it("asks each of the four whether they met the other three, by name", async () => {
    const { four, run, mails } = await askedMatchOfFour();
    expect(run).toMatchObject({ sent: 4 });
    const subjects = Object.fromEntries(mails.map((m) => [m.to[0], m.subject]));
    expect(subjects).toEqual({
      [four[0].email]: "Did you meet Bea Test, Cal Test and Dan Test?",
      [four[1].email]: "Did you meet Ann Test, Cal Test and Dan Test?",
      [four[2].email]: "Did you meet Ann Test, Bea Test and Dan Test?",
      [four[3].email]: "Did you meet Ann Test, Bea Test and Cal Test?",
    });
    const toCal = mails.find((m) => m.to[0] === four[2].email) as ReceivedMail;
    expect(toCal.text).toContain("Ann Test, Bea Test and Dan Test");
  });

  it("shows the other three on the check-in page and records each answer on the member's own row", async () => {
    const { four, match, tokenOf } = await askedMatchOfFour();
    const view = await t.get(`/api/check-in?token=${encodeURIComponent(tokenOf(four[1].email))}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      partners: ["Ann Test", "Cal Test", "Dan Test"],
      month: "March 2027",
      answer: null,
    });

    const skip = await t.post("/api/check-in", { token: tokenOf(four[0].email), answer: "skip" });
    expect(skip.statusCode).toBe(200);
    expect(await storedAnswers(t.db, match.id)).toEqual(["skip", null, null, null]);
    expect(await storedChatHappened(t.db, match.id)).toBe(false);

    const met = await t.post("/api/check-in", { token: tokenOf(four[3].email), answer: "met" });
    expect(met.json()).toMatchObject({
      answer: "met",
      partners: ["Ann Test", "Bea Test", "Cal Test"],
    });
    expect(await storedAnswers(t.db, match.id)).toEqual(["skip", null, null, "met"]);
    // One "Met My Match" in the match makes the chat happen, for all four.
    expect(await storedChatHappened(t.db, match.id)).toBe(true);
  });

  it("counts the chat as missed only when all four say so", async () => {
    const { four, match, tokenOf } = await askedMatchOfFour();
    for (const person of four.slice(0, 3)) {
      await t.post("/api/check-in", { token: tokenOf(person.email), answer: "not_yet" });
    }
    expect(await storedAnswers(t.db, match.id)).toEqual(["not_yet", "not_yet", "not_yet", null]);
    expect(
      chatHappened(chatAnswersOf({ ...(await storedMatch(t.db, match.id)), status: "completed" })),
    ).toBe(true);
    await t.post("/api/check-in", { token: tokenOf(four[3].email), answer: "skip" });
    expect(
      chatHappened(chatAnswersOf({ ...(await storedMatch(t.db, match.id)), status: "completed" })),
    ).toBe(false);
  });
});
