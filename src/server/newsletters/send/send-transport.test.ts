import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { newsletters, outgoingMessages } from "../../db/schema";
import { quietLogs } from "../../jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../../jobs/definitions/outbox-delivery";
import { type RunningJob, startJob } from "../../jobs/run-job";
import { createAdmin, createSendableNewsletter } from "../../test/factories";
import { type SmtpPeer, startSmtpPeer } from "../../test/smtp-peer";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

const PASSWORD = "very-secret-smtp-pass";
let database: Database;
let peer: SmtpPeer;
let withSmtp: TestApp;
let withoutSmtp: TestApp;
let smtpWorker: RunningJob | undefined;
const warnings: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpPeer({ auth: { user: "mailer", pass: PASSWORD } });
  withSmtp = await createTestApp({ smtpUrl: peer.url, database });
  // The SMTP process's outbox job waits until the test starts it again below.
  await withSmtp.outboxDelivery.stop();
  withoutSmtp = await createTestApp({
    database,
    outboxDelivery: { warn: (line) => warnings.push(line) },
  });
});
afterAll(async () => {
  await smtpWorker?.stop();
  await withSmtp.close();
  await withoutSmtp.close();
  await peer.close();
  await database.close();
});

describe("two app processes on one database with different mail transports", () => {
  it("leaves a send started over SMTP to the process with that SMTP server, and says so", async () => {
    const { newsletter, members } = await createSendableNewsletter(database.db, { people: 3 });
    const admin = await createAdmin(database.db);
    const res = await withSmtp.as(admin).post(`/api/admin/newsletters/${newsletter.id}/send`);
    expect(res.statusCode).toBe(202);
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(warnings).toEqual([
      `Newsletter ${newsletter.id} is being sent over smtp://127.0.0.1:${peer.port}, but this ` +
        "process mails over outbox: it leaves those deliveries to a process configured with that transport.",
    ]);
    expect(warnings.join("\n")).not.toContain(PASSWORD);
    const untouched = await database.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.kind, "newsletter"),
          eq(outgoingMessages.onceKey, `newsletter-${newsletter.id}`),
        ),
      );
    const smtp = `smtp://127.0.0.1:${peer.port}`;
    expect(untouched.map((d) => [d.state, d.attempts, d.mailTransport])).toEqual([
      ["pending", 0, smtp],
      ["pending", 0, smtp],
      ["pending", 0, smtp],
    ]);

    smtpWorker = startJob(outboxDeliveryJob(withSmtp.ctx, quietLogs, { pollMs: 20 }));
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ status: newsletters.status })
              .from(newsletters)
              .where(eq(newsletters.id, newsletter.id))
          )[0].status,
        { timeout: 20_000 },
      )
      .toBe("sent");
    for (const member of members) {
      expect(peer.messages.filter((m) => m.to.includes(member.email))).toHaveLength(1);
    }
    expect((await withoutSmtp.outbox()).filter((m) => m.kind === "newsletter")).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
