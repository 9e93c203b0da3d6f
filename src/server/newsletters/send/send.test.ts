import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_PAIRING_FIRST } from "../../../shared/newsletters";
import { emailLogs, newsletterArchive, newsletters, outgoingMessages } from "../../db/schema";
import type { RunningJob } from "../../jobs/run-job";
import {
  createAdmin,
  createNewsletter,
  createSendableNewsletter,
  createUser,
} from "../../test/factories";
import { type SendingApp, startSendingApp } from "../../test/sending-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import { createTestApp, type TestApp } from "../../test/test-app";
import { readLogEntries } from "../email-logs/log-entries";
import { finishSend } from "./finish-send";
import { newsletterMessageKey } from "./newsletter-message";
import { ALREADY_SENDING, ALREADY_SENT, APPROVE_FIRST, NOBODY_TO_SEND_TO } from "./start-send";

let t: TestApp;
let peer: SmtpPeer;
let admin: { id: string };
let worker: RunningJob;
let sending: SendingApp;

beforeAll(async () => {
  sending = await startSendingApp({
    worker: { concurrency: 3, pollMs: 50, retry: { baseMs: 20, capMs: 100 } },
  });
  ({ t, peer, admin, worker } = sending);
});
afterAll(() => sending.close());

const send = (id: number, who: { id: string } = admin) =>
  t.as(who).post(`/api/admin/newsletters/${id}/send`);
const status = (id: number) => t.as(admin).get(`/api/admin/newsletters/${id}/send-status`);
/** The newsletter's messages in the outbox. */
const messagesOf = (id: number) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, "newsletter"),
        eq(outgoingMessages.onceKey, newsletterMessageKey(id)),
      ),
    );
/** A message of the newsletter as a process queued it, in the state a test needs. */
const messageTo = (id: number, member: { id: string; email: string }) => ({
  kind: "newsletter",
  recipient: member.email,
  data: { newsletterId: id, userId: member.id, matchEmail: null },
  onceKey: newsletterMessageKey(id),
  mailTransport: t.ctx.mailer.fingerprint,
  nextAttemptAt: new Date(Date.now() - 1000),
});
const waitUntilSent = (id: number) =>
  expect
    .poll(async () => (await status(id)).json().status, { timeout: 15_000, interval: 50 })
    .toBe("sent");

describe("starting a newsletter send", () => {
  it("refuses a newsletter that does not exist", async () => {
    const res = await send(999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Newsletter not found");
  });

  it("refuses a draft: only an approved newsletter is sent", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { status: "draft" });
    const res = await send(newsletter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(APPROVE_FIRST);
  });

  it("refuses an approved newsletter without a linked pairing group", async () => {
    const newsletter = await createNewsletter(t.db, { year: 2090, status: "approved" });
    const res = await send(newsletter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LINK_PAIRING_FIRST);
  });

  it("refuses a pairing group with nobody to send to", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { emails: [] });
    const res = await send(newsletter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOBODY_TO_SEND_TO);
  });

  it("refuses a newsletter that was already sent", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { status: "sent" });
    const res = await send(newsletter.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ALREADY_SENT);
  });

  it("refuses an id that is not a newsletter id", async () => {
    const res = await t.as(admin).post("/api/admin/newsletters/abc/send");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it("is for admins only", async () => {
    const { newsletter } = await createSendableNewsletter(t.db);
    expect((await send(newsletter.id, await createUser(t.db))).statusCode).toBe(403);
    expect((await t.post(`/api/admin/newsletters/${newsletter.id}/send`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));
    expect(row.status).toBe("approved");
  });

  it("answers 409 to a second send, also when both arrive at once", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { people: 2 });
    const answers = await Promise.all([send(newsletter.id), send(newsletter.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const again = await send(newsletter.id);
    expect(again.statusCode).toBe(409);
    expect([ALREADY_SENDING, ALREADY_SENT]).toContain(again.json().message);
    await waitUntilSent(newsletter.id);
    expect(await messagesOf(newsletter.id)).toHaveLength(2);
  });
});

describe("delivering a newsletter", () => {
  it("answers at once, then mails every recipient once with the Message-ID of their message", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 5 });
    const res = await send(newsletter.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: "sending", total: 5 });
    await waitUntilSent(newsletter.id);
    expect((await status(newsletter.id)).json()).toEqual({
      status: "sent",
      total: 5,
      sent: 5,
      failed: 0,
      pending: 0,
      waitingSince: null,
    });
    const messages = await messagesOf(newsletter.id);
    for (const member of members) {
      const received = peer.messages.filter((m) => m.to.includes(member.email));
      expect(received).toHaveLength(1);
      const message = messages.find((d) => d.recipient === member.email);
      expect(message?.state).toBe("sent");
      expect(received[0].parsed.messageId).toBe(`<outbox-${message?.id}@127.0.0.1>`);
    }
  });

  it("marks the newsletter sent, writes its e-mail log and archives it", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 3 });
    expect((await send(newsletter.id)).statusCode).toBe(202);
    await waitUntilSent(newsletter.id);
    const [row] = await t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));
    expect(row.sentAt).toBeInstanceOf(Date);
    const logs = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ totalRecipients: 3, successfulSends: 3, failedSends: 0 });
    const entries = (await readLogEntries(t.db, [logs[0].id])).get(logs[0].id) ?? [];
    expect(entries.map((e) => e.user_email).sort()).toEqual(members.map((m) => m.email).sort());
    expect(entries.every((e) => e.send_status === "success")).toBe(true);
    const archived = await t.db
      .select()
      .from(newsletterArchive)
      .where(eq(newsletterArchive.newsletterId, newsletter.id));
    expect(archived).toHaveLength(1);
    expect(logs[0].archiveFilename).toBe(archived[0].archiveFilename);
  });

  it("retries a deferral (421) and records a refused mailbox (550) with its code and text", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 4 });
    const [deferred, refused] = members;
    peer.rejectRecipients((a) => a === deferred.email, 421, 1);
    peer.rejectRecipients((a) => a === refused.email, 550);
    expect((await send(newsletter.id)).statusCode).toBe(202);
    await waitUntilSent(newsletter.id);
    expect(peer.messages.filter((m) => m.to.includes(deferred.email))).toHaveLength(1);
    expect(peer.messages.filter((m) => m.to.includes(refused.email))).toHaveLength(0);
    const [log] = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(log).toMatchObject({ totalRecipients: 4, successfulSends: 3, failedSends: 1 });
    const entry = ((await readLogEntries(t.db, [log.id])).get(log.id) ?? []).find(
      (e) => e.user_email === refused.email,
    );
    expect(entry).toMatchObject({ send_status: "failed", error_code: "550" });
    expect(String(entry?.error_message)).toContain("refused");
    expect((await status(newsletter.id)).json()).toMatchObject({ sent: 3, failed: 1 });
  });

  it("takes over messages whose holder's lease ran out, but not ones still leased", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 2 });
    await t.db
      .update(newsletters)
      .set({ status: "sending" })
      .where(eq(newsletters.id, newsletter.id));
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    await t.db.insert(outgoingMessages).values([
      {
        ...messageTo(newsletter.id, members[0]),
        claimedBy: "a-process-that-died",
        claimedUntil: past,
      },
      {
        ...messageTo(newsletter.id, members[1]),
        claimedBy: "a-live-process",
        claimedUntil: future,
      },
    ]);
    worker.wake();
    await peer.waitForMessage((m) => m.to.includes(members[0].email));
    await expect.poll(async () => (await status(newsletter.id)).json().sent).toBe(1);
    expect((await status(newsletter.id)).json()).toMatchObject({ status: "sending", pending: 1 });
    expect(peer.messages.some((m) => m.to.includes(members[1].email))).toBe(false);
  });

  it("finishes a send exactly once when several callers finish it together", async () => {
    // This app's outbox job would finish it too: here only the three callers do.
    await worker.stop();
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 2 });
    await t.db
      .update(newsletters)
      .set({ status: "sending" })
      .where(eq(newsletters.id, newsletter.id));
    await t.db
      .insert(outgoingMessages)
      .values(members.map((m) => ({ ...messageTo(newsletter.id, m), state: "sent" as const })));
    const results = await Promise.all([1, 2, 3].map(() => finishSend(t.ctx, newsletter.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const logs = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(logs).toHaveLength(1);
  });
});

describe("delivering without SMTP", () => {
  it("puts every recipient's message into the outbox transport's table", async () => {
    const outboxApp = await createTestApp();
    try {
      const { newsletter, members } = await createSendableNewsletter(outboxApp.db, { people: 3 });
      const res = await outboxApp
        .as(await createAdmin(outboxApp.db))
        .post(`/api/admin/newsletters/${newsletter.id}/send`);
      expect(res.statusCode).toBe(202);
      await expect
        .poll(async () => (await outboxApp.outbox()).filter((m) => m.kind === "newsletter").length)
        .toBe(3);
      const outbox = await outboxApp.outbox();
      expect(outbox.map((m) => m.toAddress).sort()).toEqual(members.map((m) => m.email).sort());
      await expect
        .poll(async () => {
          const [row] = await outboxApp.db
            .select()
            .from(newsletters)
            .where(eq(newsletters.id, newsletter.id));
          return row.status;
        })
        .toBe("sent");
    } finally {
      await outboxApp.close();
    }
  });
});
