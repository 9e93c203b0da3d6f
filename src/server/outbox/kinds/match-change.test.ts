import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingTimeLabel } from "../../../shared/booking";
import { fixedClock } from "../../clock";
import { outgoingMessages, users } from "../../db/schema";
import { createMatch, createPairing, createUser } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { queue } from "../queue";
import { matchChange } from "./match-change";

// docs/matches.md, "When a match changes": built at delivery for the person as they are then.
const clock = fixedClock("2027-03-05T09:00:00Z");
let t: TestApp;
let peer: SmtpPeer;
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));

let ada: { id: string; email: string };
let ben: { id: string; email: string };
let pairing: { id: number; month: string };
let matchId: number;
beforeAll(async () => {
  ada = await createUser(t.db, { firstName: "Ada", lastName: "Test", timeZone: "Europe/Berlin" });
  ben = await createUser(t.db, {
    firstName: "Ben",
    lastName: "Test",
    bio: "Tea, mostly.",
    timeZone: "America/New_York",
  });
  pairing = await createPairing(t.db, { month: "2027-03", status: "active" });
  ({ id: matchId } = await createMatch(t.db, { members: [ada, ben], pairing }));
});

const rowTo = async (email: string) =>
  (await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.recipient, email)))[0];

const rePaired = (userId: string, partnerIds: string[]) => ({
  via: "match" as const,
  userId,
  pairingId: pairing.id,
  month: "2027-03",
  subject: "Your Cup of Joe match for March 2027 has changed",
  title: "Your coffee chat match has changed",
  news: "Ben Test is your new coffee chat partner for March 2027.",
  partnerIds,
  partners: [
    {
      name: "Ben Test",
      initials: "BT",
      department: null,
      bio: "Tea, mostly.",
      email: ben.email,
      photoUrl: null,
    },
  ],
});

describe("a match change's e-mail", () => {
  it("announces the new match with its partner while the person is still in it", async () => {
    await queue(t.ctx, t.db, matchChange, [ada.email], rePaired(ada.id, [ben.id]));
    const mail = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(mail.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("Ben Test is your new coffee chat partner for March 2027.");
    expect(mail.text).toContain("Tea, mostly.");
    expect(mail.parsed.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe(
      "List-Unsubscribe=One-Click",
    );
    await t.outbox();
    expect(await rowTo(ada.email)).toMatchObject({ state: "sent" });
  });

  it("proposes the new match's three times in the reader's zone, as the API proposes them", async () => {
    await queue(t.ctx, t.db, matchChange, [ben.email], rePaired(ben.id, [ada.id]));
    const mail = await peer.waitForMessage((m) => m.to.includes(ben.email));
    const starts = [...mail.text.matchAll(/\/book-time\?token=[^&\s]+&start=([^\s>]+)/g)].map(
      (found) => new Date(decodeURIComponent(found[1])).toISOString(),
    );
    const api = await t.as(ben).get(`/api/matches/${matchId}/times`);
    const proposed: string[] = api.json().times.map((time: { start: string }) => time.start);
    expect(starts).toHaveLength(3);
    expect(starts).toEqual(proposed.map((start) => new Date(start).toISOString()));
    expect(mail.text).toContain("in your time zone, Eastern Time (America/New York):");
    for (const start of proposed) {
      expect(mail.text).toContain(bookingTimeLabel(start, "America/New_York"));
    }
  });

  it("is not sent when the person is no longer in the match it announces", async () => {
    const carl = await createUser(t.db, { firstName: "Carl" });
    await queue(t.ctx, t.db, matchChange, [carl.email], rePaired(carl.id, [ben.id]));
    await t.outbox();
    expect(await rowTo(carl.email)).toMatchObject({
      state: "failed",
      errorCode: "not_a_recipient",
      errorMessage: "The person is no longer in the match this e-mail announces.",
    });
    expect(peer.messages.filter((m) => m.to.includes(carl.email))).toEqual([]);
  });

  it("is not sent to someone deactivated since it was queued", async () => {
    const dee = await createUser(t.db, { firstName: "Dee" });
    await t.db.transaction(async (tx) => {
      await queue(t.ctx, tx, matchChange, [dee.email], {
        via: "plain",
        userId: dee.id,
        subject: "Your Cup of Joe match for March 2027 has changed",
        title: "Your Cup of Joe match for March 2027 has changed",
        lines: ["Ben Test can no longer take part in March 2027."],
      });
      await tx.update(users).set({ isActive: false }).where(eq(users.id, dee.id));
    });
    await t.outbox();
    expect(await rowTo(dee.email)).toMatchObject({
      state: "failed",
      errorCode: "not_a_recipient",
    });
    expect(peer.messages.filter((m) => m.to.includes(dee.email))).toEqual([]);
  });
});
