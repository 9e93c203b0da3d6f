import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { ensureAdmin } from "./auth/ensure-admin";
import { issueSetupToken, setupLine } from "./auth/setup/setup-token";
import { type Clock, shiftedClock, systemClock } from "./clock";
import { type Config, withListeningPort } from "./config";
import type { OutageLog } from "./database-outage";
import { type Database, type DatabaseLog, type Db, openDatabase } from "./db/client";
import { underStartLock } from "./db/start-lock";
import { seedDemoOnce } from "./demo/seed-demo";
import { startJobs } from "./jobs/definitions/registry";
import { logDestination } from "./log-destination";
import { createMailer } from "./mail/mailer";
import { repoRoot } from "./repo-root";
import { printLine } from "./terminal";

export const clientDistDir = path.join(repoRoot, "dist", "client");

export interface RunningServer {
  app: FastifyInstance;
  /** The address the server listens on, with the port it got. */
  url: string;
  /** APP_URL, or `url` when APP_URL was not given. */
  appUrl: string;
  /** The port the server listens on (the system's pick when PORT=0). */
  port: number;
  close(): Promise<void>;
  /**
   * A SIGTERM: answers not ready at once, keeps serving for `graceMs` (SHUTDOWN_GRACE_SECONDS) so
   * a load balancer takes the process out of its rotation, then closes (docs/monitoring.md).
   */
  shutdown(graceMs: number): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: boolean;
  log?: (line: string) => void;
  /**
   * An open database to run on instead of the one `config` names; closed with the server. The
   * stories start each file's app on their worker's emptied database (e2e/support/harness.ts).
   */
  database?: Database;
}

/** Opens the database, applies migrations, bootstraps, then listens; used by main.ts and e2e tests. */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const logStream = options.logger ? logDestination() : undefined;
  // In production every line is one JSON event, as the rest of the log; a console otherwise.
  const jsonLog =
    logStream && config.NODE_ENV === "production" ? pino({ level: "info" }, logStream) : undefined;
  const log = options.log ?? (jsonLog ? (line: string) => jsonLog.info(line) : printLine);
  // A PostgreSQL connection lost while idle is reported in the app's log, once the app exists: an
  // outage once, as the app's other errors of the database being out of reach.
  let appLog: DatabaseLog | undefined;
  let outage: ((error: unknown) => boolean) | undefined;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dbDir,
      poolSize: config.DATABASE_POOL_SIZE,
      log: {
        error: (details, message) => {
          if (!outage?.((details as { err?: unknown }).err)) appLog?.error(details, message);
        },
      },
    }));
  await database.migrate();
  const clock = options.clock ?? configuredClock(config, log);
  // Processes started together take turns here, each re-reading what the one before it wrote.
  const setupToken = await underStartLock(database.db, async (tx) => {
    await bootstrap(tx, config, clock, log);
    return issueSetupToken(tx, clock.now());
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    poolSize: config.SMTP_POOL_SIZE,
    // The outbox transport's lines (a code, a link) are for the person at the console (README).
    log: options.log ?? printLine,
  });
  // Not ready until the mail transport has been checked once (a failed check is logged, and the
  // outbox keeps every message until the server takes it: docs/mail.md).
  const readiness = { mail: false, reason: "Connecting to the mail server" };
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    clock,
    clientDir: clientDistDir,
    sharedLimits: database.kind === "postgres",
    logger: logStream
      ? { level: config.NODE_ENV === "production" ? "info" : "warn", stream: logStream }
      : false,
    readiness: () => ({
      ready: readiness.mail,
      reason: readiness.mail ? undefined : readiness.reason,
    }),
    poolStats: database.poolStats,
    outageLog: logStream ? undefined : humanOutageLog(log),
  });
  appLog = app.log;
  outage = (error) => app.databaseHealth.failed(error);
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  app.ctx.config = withListeningPort(config, port);
  if (setupToken) log(setupLine(app.ctx.config.appUrl, setupToken));
  // Every background job runs in every process (docs/jobs.md); `close` stops them first.
  const jobs = startJobs(app.ctx, {
    log,
    warn: options.logger ? (line) => app.log.warn(line) : log,
    databaseDown: outage,
    event: jsonLog ? (fields, message) => jsonLog.info(fields, message) : undefined,
  });
  mailer
    .verify()
    .then(() => {
      readiness.mail = true;
    })
    .catch((error: Error) => {
      readiness.mail = true;
      log(`Mail transport not ready: ${error.message}`);
    });
  const close = async () => {
    await jobs.stop();
    // Requests under way finish first; the connections they leave open (kept alive for 72 s
    // by default) are closed as soon as they are idle, or a stop would wait for them.
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    await app.close().finally(() => clearInterval(idle));
    logStream?.flushSync();
    await mailer.close();
    await database.close();
  };
  return {
    app,
    url,
    appUrl: app.ctx.config.appUrl,
    port,
    close,
    async shutdown(graceMs) {
      app.startDraining();
      const event = { event: "draining", graceSeconds: graceMs / 1000 };
      if (logStream)
        app.log.info(event, "stopping: not ready, serving until the grace period ends");
      else log(`Stopping: not ready, serving for ${graceMs / 1000} s more`);
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      await close();
    },
  };
}

/** An outage's two lines on the console, for a start without the JSON log (the test processes). */
function humanOutageLog(log: (line: string) => void): OutageLog {
  const line = (details: object, message: string) => log(`${message} ${JSON.stringify(details)}`);
  return { warn: line };
}

/** The system's clock, or in development the one CLOCK_START moves (README.md, "Development"). */
export function configuredClock(config: Pick<Config, "CLOCK_START">, log: (line: string) => void) {
  if (!config.CLOCK_START) return systemClock;
  const start = new Date(config.CLOCK_START);
  const clock = shiftedClock(start);
  // The instant given, not the clock read a moment later, which has run on by then.
  log(`The app's clock starts at ${start.toISOString()} (CLOCK_START, development only).`);
  return clock;
}

/** The admin from the environment and, with DEMO=1, the sample company (once), under the start lock. */
async function bootstrap(db: Db, config: Config, clock: Clock, log: (line: string) => void) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    if (admin.created) log(`Created admin ${config.ADMIN_EMAIL}`);
    else if (admin.passwordChanged)
      log(`Set a new password for admin ${config.ADMIN_EMAIL}; its sessions were ended`);
  }
  if (config.DEMO) {
    const seeded = await seedDemoOnce(db, { now: clock.now(), count: config.DEMO_EMPLOYEES });
    if (seeded) log(`Demo company seeded: ${seeded.users} employees at ${seeded.domain}`);
  }
}
