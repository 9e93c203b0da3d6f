import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ipLimits } from "./auth/auth-settings";
import { hashSecret } from "./auth/session-store";
import { storedSetupTokens } from "./auth/setup/setup-token";
import { type AppProcess, startAppProcess } from "./test/app-processes";
import { type PostgresServer, startPostgresServer } from "./test/postgres-server";

// Several app processes started at the same moment on one empty PostgreSQL database, as an
// orchestrator starts them (docs/operations.md, "Starting several processes").
const PASSWORD = "a-long-enough-password";
const ADMIN = "ops@acme.example";
const EMPLOYEES = 40;
let server: PostgresServer;
let client: pg.Client;
const running: AppProcess[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
});
afterAll(async () => {
  for (const app of running) await app.stop();
  await client?.end();
  await server?.close();
});

async function startThree(env: Record<string, string>): Promise<AppProcess[]> {
  const base = { DATABASE_URL: server.url, DATABASE_POOL_SIZE: "3", AUTH_SECRET: "", ...env };
  const apps = await Promise.all([1, 2, 3].map(() => startAppProcess(base)));
  running.push(...apps);
  return apps;
}

async function stopAll(apps: AppProcess[]) {
  for (const app of apps) await app.stop();
}

const post = (app: AppProcess, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const count = (logs: string[], text: string) => logs.filter((log) => log.includes(text)).length;

describe("three processes started at once", () => {
  it("migrate and seed the sample company once, and each prints a setup address that works", async () => {
    const apps = await startThree({ DEMO: "1", DEMO_EMPLOYEES: String(EMPLOYEES) });
    const logs = apps.map((app) => app.log());
    const people = await client.query(
      "select count(*)::int as n from users where email like '%@acme.example'",
    );
    expect(people.rows[0].n).toBe(EMPLOYEES);
    expect(count(logs, "Demo company seeded")).toBe(1);

    const tokens = logs.map((log) => /\/setup\?token=([\w-]+) /.exec(log)?.[1] ?? "");
    const row = await client.query("select value from settings where key = 'setup_token'");
    const stored = storedSetupTokens(row.rows[0]?.value).map((entry) => entry.hash);
    expect(stored.sort()).toEqual(tokens.map(hashSecret).sort());
    // The first process's address, opened through the last one.
    const setUp = await post(apps[2], "/api/setup", {
      token: tokens[0],
      email: "first@acme.example",
      password: PASSWORD,
    });
    expect(setUp.status).toBe(200);
    await stopAll(apps);
  }, 240_000);

  it("create the admin once, log no query parameter, and count each client behind the balancer on its own", async () => {
    const apps = await startThree({
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "loopback",
    });
    const logs = apps.map((app) => app.log());
    expect(count(logs, `Created admin ${ADMIN}`)).toBe(1);
    for (const app of apps) {
      expect((await post(app, "/api/signin", { email: ADMIN, password: PASSWORD })).status).toBe(
        200,
      );
    }

    // One client's attempts spread over the three processes share one budget; another's is whole.
    const attempt = (i: number, client: string) =>
      post(
        apps[i % apps.length],
        "/api/setup",
        { token: "guess", email: "x@acme.example", password: PASSWORD },
        { "x-forwarded-for": client },
      ).then((answer) => answer.status);
    const budget = ipLimits.setupPerIp.max;
    const first: number[] = [];
    for (let i = 0; i <= budget; i++) first.push(await attempt(i, "203.0.113.9"));
    expect(first.slice(0, budget)).not.toContain(429);
    expect(first[budget]).toBe(429);
    expect(await attempt(0, "198.51.100.4")).toBe(409);

    const admin = await client.query("select password_hash from users where email = $1", [ADMIN]);
    const hash = String(admin.rows[0].password_hash);
    expect(hash.length).toBeGreaterThan(20);
    for (const log of apps.map((app) => app.log())) {
      expect(log).not.toContain(hash);
      expect(log).not.toContain("Failed query");
    }
    await stopAll(apps);
  }, 240_000);
});
