import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { magicLinkTokens, sessions, users } from "../db/schema";
import { allowEmail } from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";
import { latestToken, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let t: TestApp;
let n = 0;
const fresh = () => `link${++n}@acme.test`;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { APP_URL: "https://coffee.example.test" } });
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

describe("sign-in with a magic link", () => {
  it("mails a link built on APP_URL (not the Host header) with a long token, stored hashed", async () => {
    const email = fresh();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email },
      headers: { host: "evil.example", origin: "https://coffee.example.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String), requiresWait: 0 });
    const [mail] = (await t.outbox()).filter((m) => m.toAddress === email);
    expect(mail.kind).toBe("magic-link");
    expect(mail.text).toContain("https://coffee.example.test/magic-auth?token=");
    expect(mail.html).not.toContain("evil.example");
    const token = await latestToken(t, email);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, email));
    expect(row.tokenHash).not.toBe(token);
    expect(row.tokenHash).not.toContain(token);
  });

  it("does not consume the token when the link is opened (GET or HEAD), only by the page's POST", async () => {
    const email = fresh();
    await post(t, "/api/auth/magic-link", { email });
    const token = await latestToken(t, email);
    for (const method of ["GET", "HEAD"] as const) {
      const opened = await t.app.inject({ method, url: `/magic-auth?token=${token}` });
      expect(opened.headers["set-cookie"]).toBeUndefined();
    }
    const [row] = await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, email));
    expect(row.isUsed).toBe(false);

    const verified = await post(t, "/api/auth/magic-link/verify", { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, redirectTo: "/auth-success" });
    const cookie = verified.cookies.find((c) => c.name === "auth_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: true });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookie(verified) },
    });
    expect(me.json()).toMatchObject({
      email,
      authMethod: "magic_link",
      needsProfileSetup: true,
      isValidated: true,
    });
  });

  it("creates exactly one session when the same link is verified twice at once", async () => {
    const email = fresh();
    await post(t, "/api/auth/magic-link", { email });
    const token = await latestToken(t, email);
    const answers = await Promise.all([
      post(t, "/api/auth/magic-link/verify", { token }),
      post(t, "/api/auth/magic-link/verify", { token }),
      post(t, "/api/auth/magic-link/verify", { token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(answers.find((a) => a.statusCode === 400)?.json().code).toBe("invalid_link");
  });

  it("accepts a link just before 24 hours and refuses it just after", async () => {
    const early = fresh();
    await post(t, "/api/auth/magic-link", { email: early });
    const earlyToken = await latestToken(t, early);
    const late = fresh();
    await post(t, "/api/auth/magic-link", { email: late });
    const lateToken = await latestToken(t, late);
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await post(t, "/api/auth/magic-link/verify", { token: earlyToken })).statusCode).toBe(
      200,
    );
    clock.advance(1000);
    const expired = await post(t, "/api/auth/magic-link/verify", { token: lateToken });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("invalid_link");
  });

  it("keeps an older link working when a new one is sent; signing in with one ends the other", async () => {
    const email = fresh();
    await post(t, "/api/auth/magic-link", { email });
    const first = await latestToken(t, email);
    clock.advance(60_000);
    await post(t, "/api/auth/magic-link", { email });
    const second = await latestToken(t, email);
    expect((await post(t, "/api/auth/magic-link/verify", { token: first })).statusCode).toBe(200);
    expect((await post(t, "/api/auth/magic-link/verify", { token: second })).statusCode).toBe(400);
  });

  it("says whether a link still works without using it up, as the arrival page asks first", async () => {
    const email = fresh();
    await post(t, "/api/auth/magic-link", { email });
    const token = await latestToken(t, email);
    const check = () => post(t, "/api/auth/magic-link/check", { token });
    for (let i = 0; i < 2; i++) {
      const live = await check();
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ usable: true, reason: null });
    }
    expect((await post(t, "/api/auth/magic-link/verify", { token })).statusCode).toBe(200);
    expect((await check()).json()).toEqual({ usable: false, reason: "invalid_link" });
    const bogus = await post(t, "/api/auth/magic-link/check", { token: "not-a-real-token" });
    expect(bogus.json()).toEqual({ usable: false, reason: "invalid_link" });
    expect((await post(t, "/api/auth/magic-link/check", {})).statusCode).toBe(400);
  });

  it("asks to wait before a second link within a minute", async () => {
    const email = fresh();
    await post(t, "/api/auth/magic-link", { email });
    const again = await post(t, "/api/auth/magic-link", { email });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ success: false, requiresWait: 1 });
  });

  it("refuses an unknown or missing token", async () => {
    const bogus = await post(t, "/api/auth/magic-link/verify", { token: "not-a-real-token" });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().code).toBe("invalid_link");
    expect((await post(t, "/api/auth/magic-link/verify", {})).statusCode).toBe(400);
  });

  it("refuses a non-whitelisted address with invalid_email", async () => {
    const res = await post(t, "/api/auth/magic-link", { email: "someone@elsewhere.test" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("invalid_email");
  });

  it("marks the session cookie Secure only when APP_URL is https", async () => {
    const plain = await createTestApp({
      clock,
      database: t.database,
      env: { APP_URL: TEST_APP_URL },
    });
    try {
      const email = fresh();
      await post(plain, "/api/auth/magic-link", { email });
      const res = await post(plain, "/api/auth/magic-link/verify", {
        token: await latestToken(plain, email),
      });
      expect(res.cookies.find((c) => c.name === "auth_session")?.secure).toBeFalsy();
    } finally {
      await plain.close();
    }
  });
});
