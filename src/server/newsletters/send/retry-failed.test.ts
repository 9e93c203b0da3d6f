import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLogs, newsletterArchive, newsletters, outgoingMessages } from "../../db/schema";
import { createSendableNewsletter, createUser } from "../../test/factories";
import { type SendingApp, startSendingApp } from "../../test/sending-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { NOT_SENT_YET, NOTHING_FAILED } from "./retry-failed";
import { ALREADY_SENDING } from "./start-send";

let t: TestApp;
let peer: SmtpPeer;
let admin: { id: string };
let sending: SendingApp;

beforeAll(async () => {
  sending = await startSendingApp();
  ({ t, peer, admin } = sending);
});
afterAll(() => sending.close());

/** How long a send of a few recipients may take on a busy machine. */
const SEND_TIMEOUT = { timeout: 15_000 };
const retry = (id: number | string, who: { id: string } = admin) =>
  t.as(who).post(`/api/admin/newsletters/${id}/retry-failed`);
const status = async (id: number) =>
  (await t.as(admin).get(`/api/admin/newsletters/${id}/send-status`)).json();
const sentTo = (email: string) => peer.messages.filter((m) => m.to.includes(email)).length;

async function sentWithOneRefused() {
  const sendable = await createSendableNewsletter(t.db, { people: 3 });
  const refused = sendable.members[0];
  peer.rejectRecipients((a) => a === refused.email, 550, 1);
  const res = await t.as(admin).post(`/api/admin/newsletters/${sendable.newsletter.id}/send`);
  expect(res.statusCode).toBe(202);
  await expect
    .poll(async () => (await status(sendable.newsletter.id)).status, SEND_TIMEOUT)
    .toBe("sent");
  expect(await status(sendable.newsletter.id)).toMatchObject({ sent: 2, failed: 1 });
  return { ...sendable, refused };
}

describe("retrying the failed deliveries of a sent newsletter", () => {
  it("sends again only to whom it failed and updates the send's log in place", async () => {
    const { newsletter, members, refused } = await sentWithOneRefused();
    const [before] = await t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));

    const res = await retry(newsletter.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      status: "sending",
      total: 1,
      message: "Retrying 1 failed delivery.",
    });
    await expect.poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT).toBe("sent");
    expect(await status(newsletter.id)).toMatchObject({ total: 3, sent: 3, failed: 0 });
    for (const member of members) expect(sentTo(member.email)).toBe(1);
    expect(sentTo(refused.email)).toBe(1);

    const logs = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ totalRecipients: 3, successfulSends: 3, failedSends: 0 });
    const archives = await t.db
      .select()
      .from(newsletterArchive)
      .where(eq(newsletterArchive.newsletterId, newsletter.id));
    expect(archives).toHaveLength(1);
    const [after] = await t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));
    expect(after.sentAt).toEqual(before.sentAt);
  });

  it("refuses when nothing failed, and leaves the newsletter sent", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { people: 2 });
    await t.as(admin).post(`/api/admin/newsletters/${newsletter.id}/send`);
    await expect.poll(async () => (await status(newsletter.id)).status, SEND_TIMEOUT).toBe("sent");
    const res = await retry(newsletter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTHING_FAILED);
    expect((await status(newsletter.id)).status).toBe("sent");
  });

  it("refuses a newsletter that is not sent yet, one being sent, and an unknown one", async () => {
    const { newsletter: approved } = await createSendableNewsletter(t.db);
    const early = await retry(approved.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(NOT_SENT_YET);
    // One transaction: a worker must never see this send without its open delivery and seal it.
    const sending = await t.db.transaction(async (tx) => {
      const { newsletter, members } = await createSendableNewsletter(tx, { status: "sending" });
      await tx.insert(outgoingMessages).values({
        kind: "newsletter",
        recipient: members[0].email,
        data: { newsletterId: newsletter.id, userId: members[0].id, matchEmail: null },
        onceKey: `newsletter-${newsletter.id}`,
        mailTransport: t.ctx.mailer.fingerprint,
        nextAttemptAt: new Date(),
        claimedBy: "a-live-process",
        claimedUntil: new Date(Date.now() + 60 * 60_000),
      });
      return newsletter;
    });
    const busy = await retry(sending.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(ALREADY_SENDING);
    expect((await retry(999_999)).statusCode).toBe(404);
    expect((await retry("abc")).statusCode).toBe(400);
  });

  it("is for admins only and changes nothing for anyone else", async () => {
    const { newsletter, refused } = await sentWithOneRefused();
    expect((await retry(newsletter.id, await createUser(t.db))).statusCode).toBe(403);
    expect((await t.post(`/api/admin/newsletters/${newsletter.id}/retry-failed`)).statusCode).toBe(
      401,
    );
    const [row] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(eq(outgoingMessages.recipient, refused.email), eq(outgoingMessages.kind, "newsletter")),
      );
    expect(row.state).toBe("failed");
  });
});
