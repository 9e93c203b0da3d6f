/**
 * Newsletter send through a mail-server outage: `npm run bench:outage [-- recipients] [--outage=90]`
 * (default 600 recipients, 90 s outage, embedded PGlite, SMTP pool 5, the production retry
 * settings: backoff 2 s doubling up to 10 min with jitter, 24 h horizon).
 *
 * A real SMTP server (smtp-server, the test peer) receives the send; once a sixth of the
 * recipients have their e-mail it is stopped — every open connection dropped, the port closed —
 * and after the outage it listens again on the same port (the transport URL is fixed). It prints
 * failed deliveries, recipients who got nothing, duplicates (goal: 0, 0, at most the pool size),
 * the total time and how long the send took to finish once the server was back; exit code 1 when
 * the goal is missed.
 */
import { eq } from "drizzle-orm";
import { systemClock } from "../src/server/clock";
import { loadConfig } from "../src/server/config";
import type { AppContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/client";
import { newsletters } from "../src/server/db/schema";
import { createJobWakes } from "../src/server/job-wakes";
import { quietLogs } from "../src/server/jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../src/server/jobs/definitions/outbox-delivery";
import { startJob } from "../src/server/jobs/run-job";
import { createMailer } from "../src/server/mail/mailer";
import { countDeliveries } from "../src/server/newsletters/send/send-status";
import { startSend } from "../src/server/newsletters/send/start-send";
import { createSendableNewsletter } from "../src/server/test/factories";
import { startSmtpPeer } from "../src/server/test/smtp-peer";

const args = process.argv.slice(2);
const recipients = Number(args.find((a) => /^\d+$/.test(a)) ?? 600);
const outageMs =
  Number(args.find((a) => a.startsWith("--outage="))?.slice("--outage=".length) ?? 90) * 1000;
const POOL_SIZE = 5;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const waitFor = async (condition: () => boolean | Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 100));
};

const peer = await startSmtpPeer({ delayMs: 5 });
const database = await openDatabase({});
try {
  await database.migrate();
  const { newsletter, members } = await createSendableNewsletter(database.db, {
    people: recipients,
  });
  const config = loadConfig({
    NODE_ENV: "production",
    APP_URL: "https://cupofjoe.example",
    SMTP_URL: peer.url,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
  });
  const mailer = createMailer({
    smtpUrl: peer.url,
    from: config.MAIL_FROM,
    db: database.db,
    poolSize: POOL_SIZE,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer,
    clock: systemClock,
    jobs: createJobWakes(),
  };
  const mails = () => peer.messages.filter((m) => m.parsed.messageId?.startsWith("<outbox-"));
  const status = async () =>
    (
      await database.db
        .select({ status: newsletters.status })
        .from(newsletters)
        .where(eq(newsletters.id, newsletter.id))
    )[0].status;

  console.log(
    `newsletter outage benchmark: ${recipients} recipients, ${seconds(outageMs)} outage, ` +
      `SMTP pool ${POOL_SIZE}, ${database.kind}, retry horizon ${config.NEWSLETTER_RETRY_HOURS} h`,
  );
  const start = performance.now();
  await startSend(ctx, newsletter.id);
  const worker = startJob(
    outboxDeliveryJob(ctx, quietLogs, { concurrency: POOL_SIZE, leaseMs: 30_000 }),
  );
  await waitFor(() => mails().length >= recipients / 6);
  await peer.stop();
  const stoppedAt = performance.now();
  const beforeOutage = mails().length;
  await new Promise((resolve) => setTimeout(resolve, outageMs));
  const waiting = await countDeliveries(database.db, newsletter.id);
  await peer.restart();
  const restartedAt = performance.now();
  await waitFor(async () => (await status()) === "sent");
  const end = performance.now();
  await worker.stop();
  await mailer.close();

  const counts = await countDeliveries(database.db, newsletter.id);
  const received = new Set(mails().flatMap((m) => m.to));
  const missing = members.filter((m) => !received.has(m.email)).length;
  const duplicates = mails().length - received.size;
  console.log(
    `received before the stop: ${beforeOutage}; at the end of the outage: ${waiting.pending} waiting, ` +
      `${waiting.failed} failed, waiting since ${waiting.waitingSince?.toISOString() ?? "-"}`,
  );
  console.log(
    `result: ${counts.failed} failed, ${missing} missing, ${duplicates} duplicates ` +
      `(goal 0, 0, ≤ ${POOL_SIZE}); total ${seconds(end - start)} ` +
      `(outage ${seconds(restartedAt - stoppedAt)}; finished ${seconds(end - restartedAt)} after the restart)`,
  );
  if (counts.failed > 0 || missing > 0 || duplicates > POOL_SIZE) process.exitCode = 1;
} finally {
  await database.close();
  await peer.close();
}
