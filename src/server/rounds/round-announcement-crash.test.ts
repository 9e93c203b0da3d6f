import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { emailLogs, newsletters, outgoingMessages } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { roundAnnouncementKey } from "../outbox/kinds/round-announcement";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import {
  allowEmail,
  createAdmin,
  createPairing,
  createSendableNewsletter,
  createUser,
} from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * The outbox's crash test (docs/mail.md, "When the mail server is down"; docs/newsletters.md,
 * "Crash behaviour"). A round is published by this test's app with the clock moved to the pairing
 * day (its short announcement) and an admin sends a newsletter to another pairing; real app
 * processes (child processes running startServer) on the same PostgreSQL database deliver both
 * through a real SMTP peer that answers each message a little late: two of them together, then
 * one is killed in the middle, the other stopped cleanly, and a third started in their place,
 * which must take over what the killed one held (a claim of 50 × the pool lets one live process
 * take the whole rest, so the third would otherwise find nothing left to send).
 */
const POOL_SIZE = 3;
const MEMBERS = 120;
const READERS = 120;
const clock = fixedClock("2027-02-20T00:00:00Z");

let pg: PostgresServer;
let database: Database;
let peer: SmtpPeer;
let t: TestApp;
const processes: AppProcess[] = [];

beforeAll(async () => {
  pg = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: pg.url, poolSize: 3 });
  await database.migrate();
  peer = await startSmtpPeer({ delayMs: 15 });
  t = await createTestApp({ clock, database, smtpUrl: peer.url });
  // The app processes deliver: this test's app only publishes.
  await t.outboxDelivery.stop();
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await t?.close();
  await peer?.close();
  await database?.close();
  await pg?.close();
});

async function appProcess(): Promise<AppProcess> {
  const started = await startAppProcess({
    DATABASE_URL: pg.url,
    SMTP_URL: peer.url,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    NEWSLETTER_LEASE_SECONDS: "3",
    APP_URL: "http://cupofjoe.test",
  });
  processes.push(started);
  return started;
}

async function publishMarchRound() {
  await allowEmail(t.db, "*@crash.test");
  const admin = await createAdmin(t.db, {
    email: "boss@crash.test",
    participationStatus: "opted_out",
  });
  const members = [];
  for (let i = 1; i <= MEMBERS; i++) {
    members.push(await createUser(t.db, { email: `member${i}@crash.test` }));
  }
  await createPairing(t.db, { scopeKey: "all", month: "2027-02", name: "February" });
  for (const at of ["2027-02-20T00:00:00Z", "2027-02-26T09:00:00Z", "2027-03-01T09:00:00Z"]) {
    clock.set(at);
    await runDueSteps(t.ctx, { owner: `test-${at}` });
  }
  const [announcement] = await t.db
    .select()
    .from(newsletters)
    .where(eq(newsletters.kind, "announcement"));
  return { members, announcement, admin };
}

/** Each Message-ID received, with how many copies of it arrived. */
function copiesOf(mails: ReadonlyArray<{ parsed: { messageId?: string } }>): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of mails) {
    const id = mail.parsed.messageId ?? "";
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}
const duplicatesIn = (copies: Map<string, number>) =>
  [...copies.values()].reduce((sum, n) => sum + n - 1, 0);

/** The processes (by pid) that sent at least one message so far. */
async function senders(): Promise<Set<string>> {
  const rows = await t.db
    .select({ claimedBy: outgoingMessages.claimedBy })
    .from(outgoingMessages)
    .where(eq(outgoingMessages.state, "sent"));
  return new Set(rows.map((row) => row.claimedBy?.split(":")[1] ?? ""));
}

async function statusOf(newsletterId: number) {
  const [row] = await t.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  return row.status;
}

describe("the outbox across app processes", () => {
  it("sends a round's announcement and a newsletter with two live processes, survives a SIGKILL mid-send, nobody missed, duplicates only in flight", async () => {
    const { members, announcement, admin } = await publishMarchRound();
    expect(announcement.status).toBe("sending");
    const sendable = await createSendableNewsletter(t.db, { people: READERS });
    const started = await t.as(admin).post(`/api/admin/newsletters/${sendable.newsletter.id}/send`);
    expect(started.statusCode).toBe(202);
    // Queued on this test's clock (March 2027); the app processes run on today's.
    await t.db.update(outgoingMessages).set({ nextAttemptAt: new Date() });
    const everyone = [...members, ...sendable.members].map((m) => m.email);
    const mails = () => peer.messages.filter((m) => m.to.some((to) => everyone.includes(to)));

    const [one, two] = await Promise.all([appProcess(), appProcess()]);
    // Both live processes send, and no message goes out twice while they do.
    await expect
      .poll(async () => (await senders()).size, { timeout: 60_000, interval: 100 })
      .toBe(2);
    expect(await senders()).toEqual(new Set([String(one.pid), String(two.pid)]));
    expect(duplicatesIn(copiesOf(mails()))).toBe(0);
    await one.kill();
    expect(mails().length).toBeLessThan(MEMBERS + READERS);
    const heldByKilled = (await t.db.select().from(outgoingMessages))
      .filter((m) => m.state !== "sent" && m.claimedBy?.includes(`:${one.pid}:`))
      .map((m) => m.id);
    expect(heldByKilled).not.toEqual([]);
    await two.stop();

    const third = await appProcess();
    for (const id of [announcement.id, sendable.newsletter.id]) {
      await expect.poll(() => statusOf(id), { timeout: 90_000, interval: 200 }).toBe("sent");
    }

    const received = new Set(mails().flatMap((m) => m.to));
    expect(everyone.filter((email) => !received.has(email))).toEqual([]);
    const copies = copiesOf(mails());
    expect(copies.size).toBe(MEMBERS + READERS);
    // Only what the killed process had in flight may arrive twice, with the same Message-ID.
    expect(duplicatesIn(copies)).toBeLessThanOrEqual(POOL_SIZE);
    expect(mails().filter((m) => m.subject === "Your Cup of Joe match for March 2027")).not.toEqual(
      [],
    );

    const messages = await t.db.select().from(outgoingMessages);
    expect(
      messages.filter((m) => m.onceKey === roundAnnouncementKey(announcement.id)),
    ).toHaveLength(MEMBERS);
    expect(messages.every((m) => m.state === "sent")).toBe(true);
    // What the killed process held went out from the third once its claim had lapsed.
    const takenOver = messages.filter((m) => heldByKilled.includes(m.id));
    expect(takenOver.map((m) => m.claimedBy?.split(":")[1])).toEqual(
      heldByKilled.map(() => String(third.pid)),
    );
    for (const [id, total] of [
      [announcement.id, MEMBERS],
      [sendable.newsletter.id, READERS],
    ]) {
      const logs = await t.db.select().from(emailLogs).where(eq(emailLogs.newsletterId, id));
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ totalRecipients: total, successfulSends: total });
    }
    await third.stop();
  }, 240_000);
});
