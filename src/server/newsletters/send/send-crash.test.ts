import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { emailLogs, newsletterDeliveries, newsletters } from "../../db/schema";
import { type AppProcess, startAppProcess } from "../../test/app-processes";
import { createSendableNewsletter, signInAdmin } from "../../test/factories";
import { type PostgresServer, startPostgresServer } from "../../test/postgres-server";
import { type SmtpPeer, startSmtpPeer } from "../../test/smtp-peer";

/**
 * Real app processes (child processes running startServer) on one PostgreSQL database, sending
 * through a real SMTP peer that answers each message a little late, so a send lasts long enough to
 * crash in the middle of it.
 */
const POOL_SIZE = 3;
const RECIPIENTS = 240;

let pg: PostgresServer;
let database: Database;
let peer: SmtpPeer;
let admin: string;
const processes: AppProcess[] = [];

beforeAll(async () => {
  pg = await startPostgresServer();
  database = await openDatabase({ databaseUrl: pg.url, poolSize: 3 });
  await database.migrate();
  peer = await startSmtpPeer({ delayMs: 15 });
  admin = await signInAdmin(database.db);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
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

async function startSend(app: AppProcess, newsletterId: number) {
  const res = await fetch(`${app.url}/api/admin/newsletters/${newsletterId}/send`, {
    method: "POST",
    headers: { cookie: admin },
  });
  expect(res.status).toBe(202);
}

const mailsOf = (newsletterId: number) =>
  peer.messages.filter((m) => m.parsed.messageId?.startsWith(`<newsletter-${newsletterId}-`));

async function statusOf(newsletterId: number) {
  const [row] = await database.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  return row.status;
}

function copiesPerMessageId(newsletterId: number): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of mailsOf(newsletterId)) {
    const id = mail.parsed.messageId ?? "";
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}

describe("a newsletter send across app processes", () => {
  it("survives a SIGKILL mid-send: another process finishes it, nobody missed, duplicates only in flight", async () => {
    const { newsletter, members } = await createSendableNewsletter(database.db, {
      people: RECIPIENTS,
    });
    const first = await appProcess();
    await startSend(first, newsletter.id);
    await expect.poll(() => mailsOf(newsletter.id).length, { timeout: 60_000 }).toBeGreaterThan(40);
    await first.kill();
    const atCrash = mailsOf(newsletter.id).length;
    expect(atCrash).toBeLessThan(RECIPIENTS);

    const second = await appProcess();
    await expect
      .poll(() => statusOf(newsletter.id), { timeout: 90_000, interval: 200 })
      .toBe("sent");

    const copies = copiesPerMessageId(newsletter.id);
    const received = new Set(mailsOf(newsletter.id).flatMap((m) => m.to));
    for (const member of members) expect(received.has(member.email)).toBe(true);
    expect(copies.size).toBe(RECIPIENTS);
    const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(POOL_SIZE);

    const deliveries = await database.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, newsletter.id));
    expect(deliveries.every((d) => d.state === "sent")).toBe(true);
    expect(deliveries.some((d) => d.claimedBy?.includes(`:${second.pid}:`))).toBe(true);
    const logs = await database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ totalRecipients: RECIPIENTS, successfulSends: RECIPIENTS });
    await second.stop();
  }, 180_000);

  it("lets two live processes send one newsletter together with no duplicate", async () => {
    const { newsletter } = await createSendableNewsletter(database.db, { people: RECIPIENTS });
    const [one, two] = await Promise.all([appProcess(), appProcess()]);
    await startSend(one, newsletter.id);
    await expect
      .poll(() => statusOf(newsletter.id), { timeout: 90_000, interval: 200 })
      .toBe("sent");

    const copies = copiesPerMessageId(newsletter.id);
    expect(copies.size).toBe(RECIPIENTS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const deliveries = await database.db
      .select({ claimedBy: newsletterDeliveries.claimedBy })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, newsletter.id));
    const senders = new Set(deliveries.map((d) => d.claimedBy?.split(":")[1]));
    expect(senders).toEqual(new Set([String(one.pid), String(two.pid)]));
    const logs = await database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, newsletter.id));
    expect(logs).toHaveLength(1);
    await Promise.all([one.stop(), two.stop()]);
  }, 180_000);
});
