import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, lte } from "drizzle-orm";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildApp } from "../app";
import { type Clock, systemClock } from "../clock";
import { type Config, loadConfig } from "../config";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { mailOutbox, outgoingMessages } from "../db/schema";
import {
  type OutboxDeliveryJobOptions,
  outboxDeliveryJob,
  urgentOutboxDeliveryJob,
} from "../jobs/definitions/outbox-delivery";
import { type RunningJob, startJob } from "../jobs/run-job";
import { createMailer } from "../mail/mailer";
import { type TestClient, testClient } from "./test-client";
import { createTestDatabase } from "./test-database";

export const TEST_APP_URL = "http://127.0.0.1:5000";

/** The app, its database, and the request helper (`t.get(url)`, `t.as(user).post(url, body)`). */
export interface TestApp extends TestClient {
  app: FastifyInstance;
  ctx: AppContext;
  db: AppContext["db"];
  database: Database;
  config: Config;
  /**
   * Messages the outbox transport stored (when no smtpUrl was given), once the due messages of
   * the outbox (src/server/outbox/), sign-in mail included, have been sent.
   */
  outbox(): Promise<Array<typeof mailOutbox.$inferSelect>>;
  /** The outbox delivery job this app runs, as start-server.ts does. */
  outboxDelivery: RunningJob;
  /** The outbox's urgent lane (sign-in codes and links), as start-server.ts runs it. */
  urgentDelivery: RunningJob;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  smtpUrl?: string;
  env?: Record<string, string>;
  /** Reuse a database across several apps (e.g. two app processes in one test). */
  database?: Database;
  clientDir?: string;
  readiness?: () => { ready: boolean; reason?: string };
  /** Receives the outbox transport's console lines. */
  mailLog?: (line: string) => void;
  /** A Fastify logger (e.g. `{ level: "info", stream }`) to read the server log in a test. */
  logger?: FastifyServerOptions["logger"];
  outboxDelivery?: OutboxDeliveryJobOptions;
  /** The urgent lane's options; the outbox's `retry` and `urgentRetry` apply to it as well. */
  urgentDelivery?: OutboxDeliveryJobOptions;
}

/** The real app on its own fresh database, for `app.inject` integration tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: TEST_APP_URL,
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    SMTP_URL: options.smtpUrl,
    ...options.env,
  });
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: options.mailLog ?? (() => {}),
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    clock: options.clock ?? systemClock,
    clientDir: options.clientDir,
    sharedLimits: database.kind === "postgres",
    logger: options.logger,
    readiness: options.readiness,
  });
  await app.ready();
  const warn = (line: string) => app.log.warn(line);
  const logs = { log: warn, warn };
  // Tests step Slack, Teams and webhooks themselves (deliverDueChannelMessages) unless they ask.
  const lane = { pollMs: 100, leaseMs: 10_000, channels: false, ...options.outboxDelivery };
  const outboxDelivery = startJob(outboxDeliveryJob(app.ctx, logs, lane));
  const urgentDelivery = startJob(
    urgentOutboxDeliveryJob(app.ctx, logs, { ...lane, ...options.urgentDelivery }),
  );
  return {
    ...testClient({ app, db: database.db }),
    app,
    ctx: app.ctx,
    db: database.db,
    database,
    config,
    outboxDelivery,
    urgentDelivery,
    async outbox() {
      await urgentDelivery.settled();
      await outboxDelivery.settled();
      await dueMessagesSent(app.ctx);
      return database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    },
    async close() {
      await outboxDelivery.stop();
      await urgentDelivery.stop();
      await app.close();
      await mailer.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on the same database may have claimed a message this one queued: wait (a few
 * seconds at most) until no due message is pending, whichever worker sends it. Messages left for
 * another mail transport are not waited for: no process with this one sends them (docs/mail.md,
 * "One transport"), so a test that queues such messages does not hold up every later read.
 */
async function dueMessagesSent(ctx: AppContext): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const due = await ctx.db
      .select({ id: outgoingMessages.id })
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.state, "pending"),
          eq(outgoingMessages.mailTransport, ctx.mailer.fingerprint),
          lte(outgoingMessages.nextAttemptAt, ctx.clock.now()),
        ),
      )
      .limit(1);
    if (due.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
