import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock } from "../src/server/clock";
import { loadConfig } from "../src/server/config";
import type { AppContext } from "../src/server/context";
import { openDatabase } from "../src/server/db/client";
import { createJobWakes } from "../src/server/job-wakes";
import { createMailer } from "../src/server/mail/mailer";
import { compose } from "../src/server/newsletters/compose/composer";
import type { NewsletterMessageData } from "../src/server/newsletters/send/newsletter-message";
import {
  assertCarriable,
  newsletterMessage,
} from "../src/server/newsletters/send/newsletter-message";

import { seedNewsletter } from "./support/seed-newsletter";

/**
 * The CPU a newsletter's rendering costs per message (docs/mail.md, "Newsletters in the outbox"):
 * the ledger's way (compose once, read the times per batch of 250, then each person's message
 * from the prepared layouts), the
 * outbox's `newsletter` kind (prepared per claimed batch of 250, then each message's render). No
 * mail is sent. `npx tsx bench/newsletter-render.bench.ts
 * [-- 3000]`.
 */
const recipients = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3000);
/** What the outbox claims at once (50 × SMTP_POOL_SIZE 5), as the ledger claimed. */
const BATCH = 250;
const LEDGER_BATCH = 250;

function cpuMeter() {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-render-bench-"));
const database = await openDatabase({ dataDir });
await database.migrate();
const config = loadConfig({
  NODE_ENV: "production",
  APP_URL: "https://cupofjoe.example",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
});
const mailer = createMailer({ from: config.MAIL_FROM, db: database.db, log: () => {} });
const ctx: AppContext = {
  config,
  db: database.db,
  mailer,
  clock: systemClock,
  jobs: createJobWakes(),
};
try {
  const newsletterId = await seedNewsletter(database, recipients);
  const composition = await compose(ctx, { newsletter: newsletterId });
  const people = composition.recipients;

  let done = cpuMeter();
  const ledger = await compose(ctx, { newsletter: newsletterId });
  await ledger.prepare();
  for (let from = 0; from < people.length; from += LEDGER_BATCH) {
    const batch = people.slice(from, from + LEDGER_BATCH);
    await ledger.prepareTimes(batch);
    for (const person of batch) {
      assertCarriable(ledger.messageFor(person, await ledger.timesFor(person)));
    }
  }
  const ledgerMs = done();

  done = cpuMeter();
  for (let from = 0; from < people.length; from += BATCH) {
    const batch = people.slice(from, from + BATCH).map((person) => ({
      recipient: person.email,
      data: {
        newsletterId,
        userId: person.userId,
        matchEmail: person.matchEmail,
      } satisfies NewsletterMessageData,
    }));
    const prepared = await newsletterMessage.prepareBatch(ctx, batch);
    for (const { data, recipient } of batch) {
      await newsletterMessage.render(ctx, data, recipient, prepared);
    }
  }
  const outboxMs = done();

  const per = (ms: number, n: number) => `${((ms / n) * 1000).toFixed(0)} µs`;
  console.log(`${people.length} recipients, CPU per message:`);
  console.log(
    `  ledger's way (compose once, times per 250, fill in)  ${per(ledgerMs, people.length)}`,
  );
  console.log(
    `  outbox kind (prepared per batch of ${BATCH}, render)  ${per(outboxMs, people.length)}`,
  );
} finally {
  await mailer.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
