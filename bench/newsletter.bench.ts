import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { systemClock } from "../src/server/clock";
import { loadConfig } from "../src/server/config";
import type { AppContext } from "../src/server/context";
import { type Database, openDatabase } from "../src/server/db/client";
import { newsletters } from "../src/server/db/schema";
import { createJobWakes } from "../src/server/job-wakes";
import { quietLogs } from "../src/server/jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../src/server/jobs/definitions/outbox-delivery";
import { startJob } from "../src/server/jobs/run-job";
import { createMailer } from "../src/server/mail/mailer";
import { startSend } from "../src/server/newsletters/send/start-send";
import { startPostgresServer } from "../src/server/test/postgres-server";
import { seedNewsletter } from "./support/seed-newsletter";
import { startSink } from "./support/smtp-sink-process";

const args = process.argv.slice(2);
const recipients = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const usePostgres = args.includes("--postgres");
const POOL_SIZE = 5;

const rate = (count: number, ms: number) => (count * 1000) / ms;
const fmt = (x: number) => x.toFixed(0);

/** Wall-clock and this process's CPU time (user + system) of one phase, in ms. */
interface Timing {
  ms: number;
  cpuMs: number;
}

function timer() {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return (): Timing => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
}

async function baseline(url: string, count: number): Promise<Timing> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: POOL_SIZE });
  const stop = timer();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      transport.sendMail({
        from: "Cup of Joe <no-reply@cupofjoe.local>",
        to: `raw-${i}@acme.example`,
        subject: "Hello",
        text: `Hello number ${i}`,
        html: `<p>Hello number ${i}</p>`,
      }),
    ),
  );
  const timing = stop();
  transport.close();
  return timing;
}

async function newsletterSend(database: Database, url: string, newsletterId: number) {
  const config = loadConfig({
    NODE_ENV: "production",
    APP_URL: "https://cupofjoe.example",
    SMTP_URL: url,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
  });
  const mailer = createMailer({
    smtpUrl: url,
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
  const stop = timer();
  const started = await startSend(ctx, newsletterId);
  const ledgerMs = stop().ms;
  const worker = startJob(
    outboxDeliveryJob(ctx, quietLogs, { concurrency: POOL_SIZE, leaseMs: 30_000 }),
  );
  for (;;) {
    const [row] = await database.db
      .select({ status: newsletters.status })
      .from(newsletters)
      .where(eq(newsletters.id, newsletterId));
    if (row.status === "sent") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const timing = stop();
  await worker.stop();
  await mailer.close();
  return { ...timing, ledgerMs, total: started.total };
}

const sink = await startSink();
const pg = usePostgres ? await startPostgresServer() : undefined;
// SQL statements run during the send (the bench's own status poll, once every 100 ms, included).
let statements = 0;
let counting = false;
const database = await openDatabase({
  databaseUrl: pg?.url,
  logQuery: () => {
    if (counting) statements += 1;
  },
});
try {
  await database.migrate();
  const seedStart = performance.now();
  const newsletterId = await seedNewsletter(database, recipients);
  console.log(
    `newsletter send benchmark: ${recipients} recipients, SMTP pool ${POOL_SIZE}, ${database.kind} ` +
      `(seeded in ${fmt(performance.now() - seedStart)} ms)`,
  );
  await baseline(sink.url, 200); // warm-up
  // The baseline runs before and after the send; their mean is the reference, so a change in the
  // machine's load during the run shows as a gap between the two rather than skewing the ratio.
  const rawBefore = await baseline(sink.url, recipients);
  counting = true;
  const sent = await newsletterSend(database, sink.url, newsletterId);
  counting = false;
  const rawAfter = await baseline(sink.url, recipients);
  const raw: Timing = {
    ms: (rawBefore.ms + rawAfter.ms) / 2,
    cpuMs: (rawBefore.cpuMs + rawAfter.cpuMs) / 2,
  };
  const received = await sink.count();
  const line = (label: string, count: number, t: Timing, note: string) =>
    console.log(
      `${label.padEnd(40)} ${fmt(rate(count, t.ms)).padStart(6)} msg/s wall, ${fmt(rate(count, t.cpuMs)).padStart(6)} msg per CPU-second (${note})`,
    );
  line(
    "baseline   raw pooled nodemailer, plain",
    recipients,
    raw,
    `before ${fmt(rawBefore.ms)} ms, after ${fmt(rawAfter.ms)} ms`,
  );
  line(
    "newsletter personalised, durable",
    sent.total,
    sent,
    `${fmt(sent.ms)} ms, queued in ${fmt(sent.ledgerMs)} ms, ${(statements / sent.total).toFixed(2)} SQL statements per message`,
  );
  const wallRatio = rate(sent.total, sent.ms) / rate(recipients, raw.ms);
  const cpuRatio = rate(sent.total, sent.cpuMs) / rate(recipients, raw.cpuMs);
  console.log(
    `ratio newsletter/baseline: ${(wallRatio * 100).toFixed(1)}% wall clock, ${(cpuRatio * 100).toFixed(1)}% per CPU-second of this process (goal ≥ 50%)`,
  );
  const expected = 200 + 2 * recipients + sent.total;
  if (received !== expected || sent.total !== recipients) {
    console.error(`the SMTP server received ${received} messages, expected ${expected}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await pg?.close();
  sink.close();
}
