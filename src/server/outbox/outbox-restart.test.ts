import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { emailLogs } from "../db/schema";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import { createSendableNewsletter, signInAdmin } from "../test/factories";
import { copyMigratedDataDir } from "../test/migrated-snapshot";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";

/**
 * The embedded database (`npm start` without DATABASE_URL): one app process at a time, so a send
 * in flight is resumed by the next start of the same data folder, not by another live process
 * (docs/mail.md, "When the mail server is down"); the PostgreSQL case with processes side by side is
 * rounds/round-announcement-crash.test.ts.
 */
const RECIPIENTS = 150;
const POOL_SIZE = 3;

let dataDir: string;
let peer: SmtpPeer;
const processes: AppProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "coj-restart-"));
  copyMigratedDataDir(path.join(dataDir, "db"));
  peer = await startSmtpPeer({ delayMs: 15 });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appProcess(): Promise<AppProcess> {
  const started = await startAppProcess({
    DATA_DIR: dataDir,
    SMTP_URL: peer.url,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    NEWSLETTER_LEASE_SECONDS: "3",
    APP_URL: "http://cupofjoe.test",
  });
  processes.push(started);
  return started;
}

describe("the outbox on the embedded database", () => {
  it("resumes by itself when the killed process is started again", async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    await database.migrate();
    const { newsletter, members } = await createSendableNewsletter(database.db, {
      people: RECIPIENTS,
    });
    const admin = await signInAdmin(database.db);
    await database.close();

    const first = await appProcess();
    const started = await fetch(`${first.url}/api/admin/newsletters/${newsletter.id}/send`, {
      method: "POST",
      headers: { cookie: admin },
    });
    expect(started.status).toBe(202);
    const everyone = members.map((m) => m.email);
    const mails = () => peer.messages.filter((m) => m.to.some((to) => everyone.includes(to)));
    await expect.poll(() => mails().length, { timeout: 60_000 }).toBeGreaterThan(20);
    await first.kill();
    expect(mails().length).toBeLessThan(RECIPIENTS);

    const again = await appProcess();
    const status = async () =>
      (
        await fetch(`${again.url}/api/admin/newsletters/${newsletter.id}/send-status`, {
          headers: { cookie: admin },
        })
      ).json();
    await expect.poll(async () => (await status()).status, { timeout: 90_000 }).toBe("sent");
    expect(await status()).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, pending: 0 });
    await again.stop();

    const received = new Set(mails().flatMap((m) => m.to));
    for (const member of members) expect(received.has(member.email)).toBe(true);
    const copies = new Map<string, number>();
    for (const mail of mails()) {
      const id = mail.parsed.messageId ?? "";
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(POOL_SIZE);

    const reopened = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const logs = await reopened.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.newsletterId, newsletter.id));
      expect(logs).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
