import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { authCodes } from "../db/schema";
import { allowEmail, createDepartment, createGroup } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { createTestApp, type TestApp } from "../test/test-app";
import { addressLimits } from "./auth-settings";
import { latestCode, nextIp, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-04-01T09:00:00Z");
let server: PostgresServer;
let database: Database;
let apps: TestApp[];
let groupId: number;

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url, poolSize: 4 });
  await database.migrate();
  // Two app processes behind one load balancer, sharing one PostgreSQL database and its limits.
  apps = [await createTestApp({ clock, database }), await createTestApp({ clock, database })];
  groupId = (await createGroup(database.db)).id;
  await createDepartment(database.db, { name: "hr", displayName: "HR", domainGroupId: groupId });
}, 120_000);
afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await database?.close();
  await server?.close();
});

const profile = {
  firstName: "Sam",
  lastName: "Office",
  department: "hr",
  matchingPreference: "cross-department",
  bio: "",
};

/** Every sign-in code in the outbox by address, read once (the latest wins). */
async function codesByAddress(app: TestApp): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (const mail of await app.outbox()) {
    const code = mail.kind === "sign-in-code" ? /\b(\d{6})\b/.exec(mail.text ?? "") : null;
    if (code) codes.set(mail.toAddress, code[1]);
  }
  return codes;
}

describe("a whole office behind one address", () => {
  it("lets 200 people from one IP each get a code, sign in and save their profile", async () => {
    const office = nextIp();
    const people = Array.from({ length: 200 }, (_, i) => `colleague${i}@office.test`);
    for (const email of people) await allowEmail(database.db, email, groupId);
    for (const [i, email] of people.entries()) {
      const sent = await post(apps[i % 2], "/api/auth/send-code", { email }, { ip: office });
      expect(sent.statusCode, `${email}: ${sent.body}`).toBe(200);
    }
    const codes = await codesByAddress(apps[0]);
    for (const [i, email] of people.entries()) {
      const app = apps[(i + 1) % 2];
      const code = codes.get(email) ?? "";
      const signedIn = await post(app, "/api/auth/verify-code", { email, code }, { ip: office });
      expect(signedIn.statusCode, `${email}: ${signedIn.body}`).toBe(200);
      const cookie = sessionCookie(signedIn);
      const saved = await post(app, "/api/complete-registration", profile, { ip: office, cookie });
      expect(saved.statusCode, `${email}: ${saved.body}`).toBe(200);
    }
  }, 300_000);

  it("refuses one address asked 100 times from one place after its few, and mails it once", async () => {
    const email = "asked-often@office.test";
    await allowEmail(database.db, email, groupId);
    const ip = nextIp();
    const { max } = addressLimits.sendPerAddressAndRequester;
    const answers = [];
    for (let i = 0; i < 100; i++)
      answers.push(await post(apps[i % 2], "/api/auth/send-code", { email }, { ip }));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 429)).toBe(true);
    expect(answers[max].json().message).toMatch(/^Too many requests/);
    const sent = await database.db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(sent).toHaveLength(1);
    // The owner, from elsewhere, is not held up by what that place asked for.
    clock.advance(61_000);
    const owner = await post(apps[1], "/api/auth/send-code", { email }, { ip: nextIp() });
    expect(owner.statusCode).toBe(200);
    const again = await post(apps[0], "/api/auth/send-code", { email }, { ip });
    expect(again.statusCode).toBe(429);
  });

  it("stops codes sprayed at one address from many places after a few checks", async () => {
    const email = "sprayed@office.test";
    await allowEmail(database.db, email, groupId);
    expect((await post(apps[0], "/api/auth/send-code", { email })).statusCode).toBe(200);
    const right = await latestCode(apps[0], email);
    const wrong = right === "000000" ? "000001" : "000000";
    const { max } = addressLimits.verifyPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const guess = await post(apps[i % 2], "/api/auth/verify-code", { email, code: wrong });
      statuses.push(guess.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(max).every((status) => status === 429)).toBe(true);
    const [code] = await database.db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(code.attempts).toBe(5);
    // Even the right code waits out the window; the code itself died after five wrong tries.
    const meanwhile = await post(apps[1], "/api/auth/verify-code", { email, code: right });
    expect(meanwhile.statusCode).toBe(429);
    clock.advance(5 * 60_000);
    const after = await post(apps[1], "/api/auth/verify-code", { email, code: right });
    expect(after.json()).toMatchObject({ code: "too_many_attempts" });
  });
});
