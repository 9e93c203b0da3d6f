import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import { createSendableNewsletter, signInAdmin } from "../test/factories";
import { type StoppablePostgresServer, startStoppablePostgres } from "../test/postgres-server";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";

/**
 * Real app processes on a PostgreSQL server of their own (docs/monitoring.md): stopped and started
 * under them ("A database outage"), readiness and every request answer 503 with Retry-After while
 * it is out, the outage is logged once each way, and a newsletter send through it duplicates no
 * more mail than the SMTP pool can hold in flight (docs/mail.md); a SIGTERM drains ("Stopping").
 */
const POOL_SIZE = 3;
const LEASE_SECONDS = 2;

let cluster: StoppablePostgresServer;
let peer: SmtpPeer;
const processes: AppProcess[] = [];

beforeAll(async () => {
  cluster = await startStoppablePostgres();
  const database = await openDatabase({ databaseUrl: cluster.url });
  await database.migrate();
  await database.close();
  peer = await startSmtpPeer({ delayMs: 20 });
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await peer?.close();
  await cluster?.close();
});

async function appProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const started = await startAppProcess({
    DATABASE_URL: cluster.url,
    SMTP_URL: peer.url,
    SMTP_POOL_SIZE: String(POOL_SIZE),
    NEWSLETTER_LEASE_SECONDS: String(LEASE_SECONDS),
    APP_URL: "http://cupofjoe.test",
    ...env,
  });
  processes.push(started);
  return started;
}

/** Runs `body` with a database of its own, opened on the cluster while it is up. */
async function withDatabase<T>(
  body: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
) {
  const database = await openDatabase({ databaseUrl: cluster.url });
  try {
    return await body(database.db);
  } finally {
    await database.close();
  }
}

const linesOf = (app: AppProcess, pattern: RegExp) =>
  app
    .log()
    .split("\n")
    .filter((line) => pattern.test(line));
const DOWN = /^database out of reach/;
const UP = /^database reachable again/;

describe("a database outage", () => {
  it("answers 503 with Retry-After while the database is out, logs it once each way, and is ready again after", async () => {
    const admin = await withDatabase((db) => signInAdmin(db));
    const app = await appProcess();
    const ready = () => fetch(`${app.url}/api/ready`);
    await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);

    await cluster.stop();
    try {
      const probe = await ready();
      expect(probe.status).toBe(503);
      expect(probe.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await probe.json()).toMatchObject({ status: "unavailable" });
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${app.url}/api/admin/users`, { headers: { cookie: admin } });
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
        expect((await answer.json()).message).toMatch(/try again in a few seconds/);
      }
      const alive = await fetch(`${app.url}/api/health`);
      expect(alive.status).toBe(200);
      expect(linesOf(app, DOWN)).toHaveLength(1);
    } finally {
      await cluster.start();
    }

    await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
    const users = await fetch(`${app.url}/api/admin/users`, { headers: { cookie: admin } });
    expect(users.status).toBe(200);
    await expect.poll(() => linesOf(app, UP).length, { timeout: 10_000 }).toBe(1);
    expect(linesOf(app, DOWN)).toHaveLength(1);
    // No statement, parameter or stack trace per failed request or job look.
    expect(app.log()).not.toMatch(/Failed query|params:|\n\s+at /);
    await app.stop();
    // A request during the outage may wait for the pool's connection timeout first: on a busy
    // two-core machine the whole walk took longer than two minutes once.
  }, 240_000);

  it("duplicates no more newsletter mail than the SMTP pool holds in flight", async () => {
    const recipients = 120;
    const { newsletter, members, admin } = await withDatabase(async (db) => ({
      ...(await createSendableNewsletter(db, { people: recipients })),
      admin: await signInAdmin(db),
    }));
    const app = await appProcess();
    const api = (path: string, method = "GET") =>
      fetch(`${app.url}/api/admin/newsletters/${newsletter.id}${path}`, {
        method,
        headers: { cookie: admin },
      });
    expect((await api("/send", "POST")).status).toBe(202);
    const everyone = new Set(members.map((m) => m.email));
    const mails = () => peer.messages.filter((m) => m.to.some((to) => everyone.has(to)));
    await expect.poll(() => mails().length, { timeout: 60_000 }).toBeGreaterThan(15);

    await cluster.stop();
    try {
      await expect.poll(() => linesOf(app, DOWN).length, { timeout: 30_000 }).toBe(1);
      const duringOutage = mails().length;
      // Out for longer than the lease: the claims of the batch in flight run out meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_SECONDS * 1000));
      expect(mails().length - duringOutage).toBeLessThanOrEqual(POOL_SIZE);
      expect(mails().length).toBeLessThan(recipients);
    } finally {
      await cluster.start();
    }

    const status = async () => (await (await api("/send-status")).json()).status;
    await expect.poll(status, { timeout: 90_000, interval: 250 }).toBe("sent");
    const received = new Set(mails().flatMap((m) => m.to));
    for (const member of members) expect(received.has(member.email)).toBe(true);
    const copies = new Map<string, number>();
    for (const mail of mails()) {
      const id = mail.parsed.messageId ?? "";
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(POOL_SIZE);
    expect(linesOf(app, DOWN)).toHaveLength(1);
    await app.stop();
    // Its waits alone add up to 184 s (60 + 30 + 4 + 90), more than the 180 s it had: with an app
    // process to start and 120 people to create on a busy two-core machine, five minutes.
  }, 300_000);
});

describe("a SIGTERM", () => {
  it("answers not ready at once, keeps serving through the grace period, then exits cleanly", async () => {
    const graceSeconds = 5;
    const app = await appProcess({ SHUTDOWN_GRACE_SECONDS: String(graceSeconds) });
    const ready = () => fetch(`${app.url}/api/ready`);
    await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);

    const exited = new Promise<number | null>((resolve) => app.child.once("exit", resolve));
    const signalled = Date.now();
    app.child.kill("SIGTERM");
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(503);
    expect(await (await ready()).json()).toMatchObject({ status: "stopping" });
    for (let i = 0; i < 5; i++) {
      const alive = await fetch(`${app.url}/api/health`);
      expect(alive.status).toBe(200);
      // Each answer ends its connection: a client's next request opens one to another process.
      expect(alive.headers.get("connection")).toBe("close");
    }
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(graceSeconds * 1000);
    expect(app.log()).toContain(`Stopping: not ready, serving for ${graceSeconds} s more`);
  }, 60_000);
});
