import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { authCodes, settings, users } from "../db/schema";
import { allowEmail, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { ipLimits } from "./auth-settings";
import { latestCode, nextIp, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let t: TestApp;
let n = 0;
const fresh = () => `person${++n}@acme.test`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

describe("sign-in with an e-mailed code", () => {
  it("mails a six-digit code and signs a new whitelisted person in, creating the account", async () => {
    const email = fresh();
    const sent = await post(t, "/api/auth/send-code", { email: `  ${email.toUpperCase()} ` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: expect.any(String) });
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await post(t, "/api/auth/verify-code", { email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(verified.headers["cache-control"]).toBe("no-store");
    const cookie = sessionCookie(verified);
    expect(cookie).toBeDefined();
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({
      email,
      isEmailVerified: true,
      isValidated: true,
      needsProfileSetup: true,
      authMethod: "code",
    });
  });

  it("refuses an address that is not whitelisted with invalid_email and sends nothing", async () => {
    const before = (await t.outbox()).length;
    for (const email of [
      "x@evilacme.test",
      "x@acme.test.evil.test",
      "x\uFF20evil.test@acme.test",
      "a@b@acme.test",
    ]) {
      const res = await post(t, "/api/auth/send-code", { email });
      expect(res.statusCode, email).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, email).toBeLessThan(500);
      expect(res.json().code, email).toBe("invalid_email");
    }
    const refused = await post(t, "/api/auth/send-code", { email: "x@evilacme.test" });
    expect(refused.json().message).toBe(
      "This email address is not authorized. Please contact your administrator.",
    );
    expect((await t.outbox()).length).toBe(before);
  });

  it("accepts the code just before 15 minutes and refuses it just after", async () => {
    const early = fresh();
    await post(t, "/api/auth/send-code", { email: early });
    const earlyCode = await latestCode(t, early);
    clock.advance(15 * 60 * 1000 - 1000);
    expect(
      (await post(t, "/api/auth/verify-code", { email: early, code: earlyCode })).statusCode,
    ).toBe(200);

    const late = fresh();
    await post(t, "/api/auth/send-code", { email: late });
    const lateCode = await latestCode(t, late);
    clock.advance(15 * 60 * 1000);
    const res = await post(t, "/api/auth/verify-code", { email: late, code: lateCode });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("code_expired");
  });

  it("uses a code once only", async () => {
    const email = fresh();
    await post(t, "/api/auth/send-code", { email });
    const code = await latestCode(t, email);
    expect((await post(t, "/api/auth/verify-code", { email, code })).statusCode).toBe(200);
    const again = await post(t, "/api/auth/verify-code", { email, code });
    expect(again.statusCode).toBe(400);
    expect(sessionCookie(again)).toBeUndefined();
  });

  it("binds a code to its e-mail", async () => {
    const owner = fresh();
    const other = fresh();
    await post(t, "/api/auth/send-code", { email: owner });
    clock.advance(61_000);
    await post(t, "/api/auth/send-code", { email: other });
    const code = await latestCode(t, owner);
    const res = await post(t, "/api/auth/verify-code", { email: other, code });
    // A one-in-a-million collision with the other person's own code would make this flaky.
    if (code !== (await latestCode(t, other))) expect(res.statusCode).toBe(400);
  });

  it("counts a wrong code once for every live code it is compared with", async () => {
    const email = fresh();
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) clock.advance(61_000);
      await post(t, "/api/auth/send-code", { email });
      codes.push(await latestCode(t, email));
    }
    const wrong = ["000000", "111111", "222222", "333333"].find((c) => !codes.includes(c));
    expect((await post(t, "/api/auth/verify-code", { email, code: wrong })).statusCode).toBe(400);
    const rows = await t.db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
  });

  it("keeps an older code working when a new one is sent; signing in with one ends the other", async () => {
    const email = fresh();
    await post(t, "/api/auth/send-code", { email });
    const first = await latestCode(t, email);
    clock.advance(61_000);
    await post(t, "/api/auth/send-code", { email });
    const second = await latestCode(t, email);
    expect((await post(t, "/api/auth/verify-code", { email, code: first })).statusCode).toBe(200);
    if (first !== second) {
      const other = await post(t, "/api/auth/verify-code", { email, code: second });
      expect(other.statusCode).toBe(400);
    }
  });

  it("rejects a code after five wrong attempts, even the right one", async () => {
    const email = fresh();
    await post(t, "/api/auth/send-code", { email });
    const code = await latestCode(t, email);
    const wrong = code === "000000" ? "111111" : "000000";
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(t, "/api/auth/verify-code", { email, code: wrong }, { ip });
      expect(res.statusCode).toBe(400);
    }
    const right = await post(t, "/api/auth/verify-code", { email, code }, { ip });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe("too_many_attempts");
  });

  it("counts parallel wrong guesses atomically", async () => {
    const email = fresh();
    await post(t, "/api/auth/send-code", { email });
    const code = await latestCode(t, email);
    const wrong = code === "000000" ? "111111" : "000000";
    await Promise.all(
      Array.from({ length: 8 }, () => post(t, "/api/auth/verify-code", { email, code: wrong })),
    );
    const [row] = await t.db.select().from(authCodes).where(eq(authCodes.email, email));
    expect(row.attempts).toBe(5);
    expect((await post(t, "/api/auth/verify-code", { email, code })).statusCode).toBe(400);
  });

  it("allows one send per e-mail per minute and says how long to wait", async () => {
    const email = fresh();
    expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(200);
    clock.advance(59_000);
    const tooSoon = await post(t, "/api/auth/send-code", { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ requiresWait: 1, retryAfterSeconds: 1 });
    expect(tooSoon.json().message).toMatch(/wait 1 seconds?/);
    expect(tooSoon.headers["retry-after"]).toBe("1");
    clock.advance(1_000);
    expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(200);
  });

  it("enforces the per-e-mail limit from the database, so it holds across app processes", async () => {
    const second = await createTestApp({ clock, database: t.database });
    try {
      const email = fresh();
      expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(200);
      expect((await post(second, "/api/auth/send-code", { email })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("limits sends per IP per 5 minutes to an office's budget", async () => {
    const ip = nextIp();
    const { max } = ipLimits.sendPerIp;
    const answers: number[] = [];
    for (let i = 0; i <= max; i++) {
      const email = `nobody${i}@evilacme.test`;
      answers.push((await post(t, "/api/auth/send-code", { email }, { ip })).statusCode);
    }
    expect(answers.slice(0, max).every((s) => s === 403)).toBe(true);
    expect(answers[max]).toBe(429);
  });

  it("limits verifies per IP per 5 minutes to an office's budget", async () => {
    const ip = nextIp();
    const { max } = ipLimits.verifyPerIp;
    let last = 0;
    for (let i = 0; i <= max; i++) {
      const email = `nobody${i}@evilacme.test`;
      last = (await post(t, "/api/auth/verify-code", { email, code: "123456" }, { ip })).statusCode;
    }
    expect(last).toBe(429);
  });

  it("checks the whitelist again when the code is used", async () => {
    const email = "temp@solo.test";
    const entry = await allowEmail(t.db, email);
    await post(t, "/api/auth/send-code", { email });
    const code = await latestCode(t, email);
    const { allowedEmails } = await import("../db/schema");
    await t.db.delete(allowedEmails).where(eq(allowedEmails.id, entry.id));
    const res = await post(t, "/api/auth/verify-code", { email, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("invalid_email");
  });

  it("mails no code to a deactivated account, answering as for anyone else", async () => {
    const user = await createUser(t.db, { email: fresh(), isActive: false });
    const res = await post(t, "/api/auth/send-code", { email: user.email });
    expect(res.statusCode).toBe(200);
    expect((await t.outbox()).filter((m) => m.toAddress === user.email)).toEqual([]);
  });

  it("validates codes with the texts of docs/sign-in.md", async () => {
    const empty = await post(t, "/api/auth/verify-code", { email: fresh(), code: "" });
    expect(empty.json().message).toBe("Please enter the 6-digit code");
    const short = await post(t, "/api/auth/verify-code", { email: fresh(), code: "12a45" });
    expect(short.json().message).toBe("Please enter a valid 6-digit code");
    const noEmail = await post(t, "/api/auth/send-code", { email: "" });
    expect(noEmail.json().message).toBe("Please enter your email address");
  });

  it("reads its numbers from the settings table", async () => {
    await t.db.insert(settings).values({ key: "auth", value: { codeTtlMs: 60_000 } });
    try {
      const email = fresh();
      await post(t, "/api/auth/send-code", { email });
      const code = await latestCode(t, email);
      clock.advance(60_000);
      expect((await post(t, "/api/auth/verify-code", { email, code })).json().code).toBe(
        "code_expired",
      );
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "auth"));
    }
  });

  it("keeps an existing account and does not duplicate it", async () => {
    const user = await createUser(t.db, { email: fresh() });
    await post(t, "/api/auth/send-code", { email: user.email });
    const res = await post(t, "/api/auth/verify-code", {
      email: user.email,
      code: await latestCode(t, user.email),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.email, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].needsProfileSetup).toBe(false);
  });
});
