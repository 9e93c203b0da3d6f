import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingTimeLabel } from "../../../shared/booking";
import { zoneNameForPeople } from "../../../shared/zone-names";
import { fixedClock } from "../../clock";
import {
  emailLogs,
  matchMembers,
  newsletterArchive,
  newsletters,
  outgoingMessages,
  users,
} from "../../db/schema";
import { createSendableNewsletter } from "../../test/factories";
import { type SendingApp, startSendingApp } from "../../test/sending-app";
import type { ReceivedMail, SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";

let t: TestApp;
let peer: SmtpPeer;
let admin: { id: string };
let sending: SendingApp;
/** How long a send of a few recipients may take on a busy machine. */
const SEND_TIMEOUT = { timeout: 15_000 };
const warnings: string[] = [];

beforeAll(async () => {
  // The clock stands still, so the times the e-mail proposes and the times the API answers later
  // are computed at the same instant.
  sending = await startSendingApp({
    clock: fixedClock(new Date()),
    worker: { warn: (line) => warnings.push(line) },
  });
  ({ t, peer, admin } = sending);
});
afterAll(() => sending.close());

const send = (id: number) => t.as(admin).post(`/api/admin/newsletters/${id}/send`);
const status = async (id: number) =>
  (await t.as(admin).get(`/api/admin/newsletters/${id}/send-status`)).json();
const sentTo = (email: string) => peer.messages.filter((m) => m.to.includes(email)).length;
/** The newsletter's message to this address in the outbox (each test's people are its own). */
const deliveryTo = async (email: string) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.recipient, email), eq(outgoingMessages.kind, "newsletter")))
  )[0];
const logOf = async (id: number) =>
  t.db.select().from(emailLogs).where(eq(emailLogs.newsletterId, id));

describe("an e-mail that cannot be built", () => {
  it("fails the deliveries it is in with the reason and leaves the send approved, not sent", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 4 });
    // Paired 1–2 and 3–4: the broken name is in its own e-mail and in its partner's.
    const [broken, partner, ...fine] = members;
    await t.db.update(users).set({ firstName: "Ada\u001b[31m" }).where(eq(users.id, broken.id));
    expect((await send(newsletter.id)).statusCode).toBe(202);
    await expect
      .poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT)
      .toBe("approved");

    expect(await deliveryTo(broken.email)).toMatchObject({ state: "failed", errorCode: "ERENDER" });
    expect((await deliveryTo(broken.email)).errorMessage).toBe(
      "The e-mail could not be built: its html contains the control character U+001B.",
    );
    expect(await deliveryTo(partner.email)).toMatchObject({
      state: "failed",
      errorCode: "ERENDER",
    });
    expect(sentTo(broken.email) + sentTo(partner.email)).toBe(0);
    for (const member of fine) expect(sentTo(member.email)).toBe(1);
    const [row] = await t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));
    expect(row.sentAt).toBeNull();
    const [log] = await logOf(newsletter.id);
    expect(log).toMatchObject({ successfulSends: 2, failedSends: 2 });
    const archived = await t.db
      .select()
      .from(newsletterArchive)
      .where(eq(newsletterArchive.newsletterId, newsletter.id));
    expect(archived).toEqual([]);
    expect(
      warnings.some((w) => w.startsWith(`Newsletter ${newsletter.id} is approved again`)),
    ).toBe(true);

    await t.db.update(users).set({ firstName: "Ada" }).where(eq(users.id, broken.id));
    const again = await send(newsletter.id);
    expect(again.json()).toMatchObject({ status: "sending", total: 2 });
    await expect.poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT).toBe("sent");
    for (const member of members) expect(sentTo(member.email)).toBe(1);
    const logs = await logOf(newsletter.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ successfulSends: 4, failedSends: 0 });
  });

  it("never seals as sent a newsletter with a NUL hidden in a list field", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, {
      people: 2,
      proTips: '["Bring a mug\\u0000"]',
    });
    expect((await send(newsletter.id)).statusCode).toBe(202);
    await expect
      .poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT)
      .toBe("approved");
    expect(await status(newsletter.id)).toMatchObject({ sent: 0, failed: 2, pending: 0 });
    for (const member of members) {
      expect(sentTo(member.email)).toBe(0);
      expect((await deliveryTo(member.email)).errorMessage).toContain("U+0000");
    }
  });
});

const bookingLinks = (mail: ReceivedMail) =>
  [...mail.text.matchAll(/https?:\/\/[^\s<>\]]+\/book-time\?[^\s<>\]]+/g)].map(
    (found) => new URL(found[0]),
  );

describe("the times a match e-mail proposes", () => {
  it("carries each reader's three times for their match, in their zone, as the API proposes them", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 2 });
    const [ada, bob] = members;
    await t.db.update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, bob.id));
    const [match] = await t.db
      .select({ id: matchMembers.matchId })
      .from(matchMembers)
      .where(eq(matchMembers.userId, ada.id));
    expect((await send(newsletter.id)).statusCode).toBe(202);
    await expect.poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT).toBe("sent");

    for (const [member, zone] of [
      [ada, "UTC"],
      [bob, "America/New_York"],
    ] as const) {
      const mail = peer.messages.find((m) => m.to.includes(member.email)) as ReceivedMail;
      const links = bookingLinks(mail);
      const api = await t.as(member).get(`/api/matches/${match.id}/times`);
      const starts = api.json().times.map((time: { start: string }) => time.start);
      expect(links).toHaveLength(3);
      expect(links.map((link) => new Date(link.searchParams.get("start") ?? "").getTime())).toEqual(
        starts.map((start: string) => new Date(start).getTime()),
      );
      expect(mail.text).toContain(`in your time zone, ${zoneNameForPeople(zone)}:`);
      for (const start of starts) expect(mail.text).toContain(bookingTimeLabel(start, zone));
    }
  });
});
