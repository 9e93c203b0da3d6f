import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { loadConfig } from "../../config";
import { startServer } from "../../start-server";
import { copyMigratedDataDir } from "../../test/migrated-snapshot";
import { createTestApp, type TestApp } from "../../test/test-app";
import { sessionCookie } from "../test-helpers";
import { issueSetupToken, SETUP_TOKEN_TTL_MS, STARTED_TOGETHER_MS } from "./setup-token";

const clock = fixedClock("2026-11-02T09:00:00Z");
const PASSWORD = "a-long-enough-password";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const setup = (body: Record<string, unknown>, ip = "10.0.0.1") =>
  t.post("/api/setup", body, { remoteAddress: ip });

describe("POST /api/setup", () => {
  it("refuses a wrong token, a short password and an expired token, then creates the first admin once", async () => {
    expect((await t.get("/api/setup")).json()).toEqual({ needed: true });
    const stale = await issueSetupToken(t.db, clock.now());
    clock.advance(STARTED_TOGETHER_MS + 1);
    const together = await issueSetupToken(t.db, clock.now());
    const token = await issueSetupToken(t.db, clock.now());
    expect(stale).not.toBe(token);
    expect(together).not.toBe(token);

    const replaced = await setup({ token: stale, email: "boss@acme.test", password: PASSWORD });
    expect(replaced.statusCode).toBe(403);
    expect(replaced.json().message).toMatch(/not valid or has expired/);
    const short = await setup({ token, email: "boss@acme.test", password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 12 characters/);

    clock.advance(SETUP_TOKEN_TTL_MS + 1);
    const late = await setup({ token, email: "boss@acme.test", password: PASSWORD });
    expect(late.statusCode).toBe(403);
    clock.advance(-SETUP_TOKEN_TTL_MS - 1);

    // A process started together with the last one printed `together`: it works as well.
    const done = await setup({ token: together, email: " Boss@Acme.test ", password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, redirectTo: "/admin" });
    const cookie = sessionCookie(done);
    expect(cookie).toBeDefined();
    const me = await t.get("/api/auth/user", { headers: { cookie: cookie ?? "" } });
    expect(me.json()).toMatchObject({ email: "boss@acme.test", isAdmin: true });
    const groups = await t.get("/api/admin/domain-groups", { headers: { cookie: cookie ?? "" } });
    expect(groups.statusCode).toBe(200);

    const again = await setup({ token, email: "other@acme.test", password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an admin/);
    expect((await t.get("/api/setup")).json()).toEqual({ needed: false });
    const signIn = await t.post("/api/signin", { email: "boss@acme.test", password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(await issueSetupToken(t.db, clock.now())).toBeNull();
  });

  it("is rate limited per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await setup(
        { token: "guess", email: "x@acme.test", password: PASSWORD },
        "10.9.9.9",
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("a start without an admin", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-setup-"));
  // A migrated database with nobody in it, as after a first start.
  copyMigratedDataDir(path.join(dataDir, "db"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const tokenIn = (lines: string[]) =>
    lines.join("\n").match(/open (http:\/\/\S+)\/setup\?token=([\w-]+) within 24 hours/);

  it("prints a new setup address at each start until it is used, then none", async () => {
    const env = { PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "" };
    const lines: string[] = [];
    const startedAt = fixedClock("2026-11-02T09:00:00Z");
    const first = await startServer(loadConfig(env), {
      clock: startedAt,
      log: (line) => lines.push(line),
    });
    const firstToken = tokenIn(lines)?.[2];
    expect(firstToken).toBeDefined();
    await first.close();

    lines.length = 0;
    // A start more than STARTED_TOGETHER_MS later: the first start's address stops working.
    const later = fixedClock(new Date(startedAt.now().getTime() + STARTED_TOGETHER_MS + 1));
    const second = await startServer(loadConfig(env), {
      clock: later,
      log: (line) => lines.push(line),
    });
    const printed = tokenIn(lines);
    expect(printed?.[1]).toBe(second.appUrl);
    const post = (token: string | undefined) =>
      fetch(`${second.url}/api/setup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: second.appUrl },
        body: JSON.stringify({ token, email: "first@acme.test", password: PASSWORD }),
      });
    expect((await post(firstToken)).status).toBe(403);
    expect((await post(printed?.[2])).status).toBe(200);
    await second.close();

    lines.length = 0;
    const third = await startServer(loadConfig(env), { log: (line) => lines.push(line) });
    expect(tokenIn(lines)).toBeNull();
    await third.close();
  }, 120_000);
});
