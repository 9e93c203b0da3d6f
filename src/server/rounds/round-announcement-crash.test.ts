import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { emailLogs, newsletters, outgoingMessages } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { roundAnnouncementKey } from "../outbox/kinds/round-announcement";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import { allowEmail, createAdmin, createPairing, createUser } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * The round is published by this test's app with the clock moved to the pairing day; real app
 * processes (child processes running startServer) on the same PostgreSQL database deliver its
 * short announcement through a real SMTP peer that answers each message a little late, so the
 * first can be killed in the middle of it.
 */
const POOL_SIZE = 3;
const MEMBERS = 120;
const clock = fixedClock("2027-02-20T00:00:00Z");

let pg: PostgresServer;
let database: Database;
let peer: SmtpPeer;
let t: TestApp;
const processes: AppProcess[] = [];

beforeAll(async () => {
  pg = await startPostgresServer();
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
  await createAdmin(t.db, { email: "boss@crash.test", participationStatus: "opted_out" });
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
  // Queued on this test's clock (March 2027); the app processes run on today's.
  await t.db.update(outgoingMessages).set({ nextAttemptAt: new Date() });
  return { members, announcement };
}

const announcementMails = () =>
  peer.messages.filter((m) => m.subject === "Your Cup of Joe match for March 2027");

async function statusOf(newsletterId: number) {
  const [row] = await t.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  return row.status;
}

describe("a round's announcement across app processes", () => {
  it("survives a SIGKILL mid-announcement: a restarted process tells the rest, nobody twice but what was in flight", async () => {
    const { members, announcement } = await publishMarchRound();
    expect(announcement.status).toBe("sending");
    const first = await appProcess();
    await expect.poll(() => announcementMails().length, { timeout: 60_000 }).toBeGreaterThan(20);
    await first.kill();
    expect(announcementMails().length).toBeLessThan(MEMBERS);

    const second = await appProcess();
    await expect
      .poll(() => statusOf(announcement.id), { timeout: 90_000, interval: 200 })
      .toBe("sent");

    const copies = new Map<string, number>();
    for (const mail of announcementMails()) {
      const id = mail.parsed.messageId ?? "";
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const received = new Set(announcementMails().flatMap((m) => m.to));
    for (const member of members) expect(received.has(member.email)).toBe(true);
    expect(copies.size).toBe(MEMBERS);
    const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(POOL_SIZE);
    expect(announcementMails()[0].subject).toBe("Your Cup of Joe match for March 2027");

    const deliveries = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.onceKey, roundAnnouncementKey(announcement.id)));
    expect(deliveries).toHaveLength(MEMBERS);
    expect(deliveries.every((d) => d.state === "sent")).toBe(true);
    expect(deliveries.some((d) => d.claimedBy?.includes(`:${second.pid}:`))).toBe(true);
    const logs = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, announcement.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ totalRecipients: MEMBERS, successfulSends: MEMBERS });
    await second.stop();
  }, 180_000);
});
