import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { emailLogs, newsletters, outgoingMessages } from "../../db/schema";
import { createSendableNewsletter } from "../../test/factories";
import { type SendingApp, startSendingApp } from "../../test/sending-app";
import { readLogEntries } from "../email-logs/log-entries";

const MINUTE = 60_000;

/** The newsletter's messages in the outbox. */
const deliveriesOf = (s: SendingApp, newsletterId: number) =>
  s.t.db
    .select()
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, "newsletter"),
        eq(outgoingMessages.onceKey, `newsletter-${newsletterId}`),
      ),
    );
/** The message was tried `attempts` times, the last try's outcome recorded (no claim held). */
const triedOnce = (
  d: { attempts: number; claimedUntil: Date | null; errorCode: string | null },
  attempts: number,
) => d.attempts === attempts && d.claimedUntil === null && d.errorCode !== null;
const sendStatus = async (s: SendingApp, id: number) =>
  (await s.t.as(s.admin).get(`/api/admin/newsletters/${id}/send-status`)).json();
const startSending = async (s: SendingApp, id: number) =>
  expect((await s.t.as(s.admin).post(`/api/admin/newsletters/${id}/send`)).statusCode).toBe(202);

describe("a send while the mail server is down (the test moves the clock)", () => {
  const clock = fixedClock("2031-03-03T09:00:00.000Z");
  let s: SendingApp;
  beforeAll(async () => {
    s = await startSendingApp({
      clock,
      worker: { retry: { baseMs: MINUTE, capMs: 10 * MINUTE }, horizonMs: 60 * MINUTE },
    });
  });
  afterAll(() => s.close());

  it("waits with retries spread over the backoff window, then resumes by itself once the server is back", async () => {
    const { newsletter, members } = await createSendableNewsletter(s.t.db, { people: 8 });
    await s.peer.stop();
    const outageStart = clock.now();
    await startSending(s, newsletter.id);
    await expect
      .poll(async () => (await deliveriesOf(s, newsletter.id)).every((d) => triedOnce(d, 1)), {
        timeout: 10_000,
      })
      .toBe(true);
    const waiting = await deliveriesOf(s, newsletter.id);
    expect(waiting.every((d) => d.state === "pending")).toBe(true);
    expect(waiting.every((d) => d.firstFailedAt?.getTime() === outageStart.getTime())).toBe(true);
    const waits = waiting.map((d) => (d.nextAttemptAt?.getTime() ?? 0) - outageStart.getTime());
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(MINUTE / 2);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MINUTE);
    expect(new Set(waits).size).toBeGreaterThan(4);
    expect(await sendStatus(s, newsletter.id)).toMatchObject({
      status: "sending",
      pending: 8,
      failed: 0,
      waitingSince: outageStart.toISOString(),
    });

    await s.peer.restart();
    clock.advance(MINUTE);
    s.worker.wake();
    await expect
      .poll(async () => (await sendStatus(s, newsletter.id)).status, { timeout: 10_000 })
      .toBe("sent");
    expect(await sendStatus(s, newsletter.id)).toMatchObject({
      sent: 8,
      failed: 0,
      waitingSince: null,
    });
    for (const member of members) {
      expect(s.peer.messages.filter((m) => m.to.includes(member.email))).toHaveLength(1);
    }
  });

  it("fails what the server keeps deferring once the horizon has passed, with the reason", async () => {
    const { newsletter, members } = await createSendableNewsletter(s.t.db, { people: 2 });
    const [deferred] = members;
    s.peer.rejectRecipients((a) => a === deferred.email, 451);
    const firstFailure = clock.now();
    await startSending(s, newsletter.id);
    const row = async () =>
      (await deliveriesOf(s, newsletter.id)).find((d) => d.recipient === deferred.email);
    const tries = async () => {
      const found = await row();
      return found && triedOnce(found, found.attempts) ? found.attempts : 0;
    };
    await expect.poll(tries, { timeout: 10_000 }).toBe(1);
    for (let waited = 10; waited < 60; waited += 10) {
      clock.advance(10 * MINUTE);
      s.worker.wake();
      await expect.poll(tries, { timeout: 10_000 }).toBe(1 + waited / 10);
      expect((await row())?.state).toBe("pending");
      expect((await row())?.firstFailedAt).toEqual(firstFailure);
    }
    clock.advance(10 * MINUTE);
    s.worker.wake();
    await expect
      .poll(async () => (await sendStatus(s, newsletter.id)).status, { timeout: 10_000 })
      .toBe("sent");
    expect(await row()).toMatchObject({ state: "failed", attempts: 7 });
    expect((await row())?.errorMessage).toMatch(
      /could not take it for 1 h; gave up\. Last error: 451\b.*refused/,
    );
    const [log] = await s.t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(log).toMatchObject({ successfulSends: 1, failedSends: 1 });
    const entries = (await readLogEntries(s.t.db, [log.id])).get(log.id) ?? [];
    expect(entries.find((e) => e.user_email === deferred.email)?.send_status).toBe(
      "sendgrid_limit",
    );
  });
});

describe("a real SMTP server stopped and restarted mid-send", () => {
  const LANES = 3;
  let s: SendingApp;
  beforeAll(async () => {
    s = await startSendingApp({
      peerDelayMs: 10,
      worker: { concurrency: LANES, retry: { baseMs: 50, capMs: 400 } },
    });
  });
  afterAll(() => s.close());

  it("ends with nobody failed, nobody missed and at most one duplicate per lane", async () => {
    const { newsletter, members } = await createSendableNewsletter(s.t.db, { people: 40 });
    const mails = () =>
      s.peer.messages.filter((m) => members.some((member) => m.to.includes(member.email)));
    await startSending(s, newsletter.id);
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    await s.peer.stop();
    await expect
      .poll(async () => (await sendStatus(s, newsletter.id)).waitingSince, { timeout: 10_000 })
      .not.toBeNull();
    const receivedDuringOutage = mails().length;
    expect(receivedDuringOutage).toBeLessThan(40);
    await s.peer.restart();
    await expect
      .poll(async () => (await sendStatus(s, newsletter.id)).status, { timeout: 20_000 })
      .toBe("sent");
    expect(await sendStatus(s, newsletter.id)).toMatchObject({ sent: 40, failed: 0 });
    const missing = members.filter((m) => !mails().some((mail) => mail.to.includes(m.email)));
    expect(missing).toEqual([]);
    expect(mails().length - members.length).toBeLessThanOrEqual(LANES);
    const [row] = await s.t.db.select().from(newsletters).where(eq(newsletters.id, newsletter.id));
    expect(row.status).toBe("sent");
  });
});
