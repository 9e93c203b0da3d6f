import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { sessions } from "../db/schema";
import { allowEmail, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { latestCode, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;

async function signInWithCode(email: string, cookie?: string) {
  await post(t, "/api/auth/send-code", { email });
  clock.advance(61_000);
  const res = await post(
    t,
    "/api/auth/verify-code",
    { email, code: await latestCode(t, email) },
    { cookie },
  );
  return sessionCookie(res) as string;
}

const me = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers: cookie ? { cookie } : {} });

describe("sessions", () => {
  it("answers 401 for /api/auth/user when signed out and reports status", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^401.*Unauthorized/);
    const status = await t.app.inject({ method: "GET", url: "/api/auth/status" });
    expect(status.json()).toEqual({ authenticated: false, user: null });
  });

  it("never shows a hash, token or lock counter of the user", async () => {
    const user = await createUser(t.db, {
      email: `hash${++n}@acme.test`,
      password: "a-long-password-123",
    });
    const cookie = await signInWithCode(user.email);
    const body = (await me(cookie)).body;
    expect(body).not.toMatch(
      /passwordHash|password_hash|scrypt|failedSignInCount|lockedUntil|sessionHash|token/i,
    );
    const status = await t.app.inject({
      method: "GET",
      url: "/api/auth/status",
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({ authenticated: true, user: { email: user.email } });
    expect(status.body).not.toMatch(/scrypt/);
  });

  it("stores only a hash of a 256-bit session id and sets the cookie's attributes", async () => {
    const email = `attr${++n}@acme.test`;
    await post(t, "/api/auth/send-code", { email });
    const res = await post(t, "/api/auth/verify-code", { email, code: await latestCode(t, email) });
    const cookie = res.cookies.find((c) => c.name === "auth_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(Buffer.from(cookie?.value ?? "", "base64url").length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.select({ hash: sessions.sessionHash }).from(sessions);
    expect(stored.some((s) => s.hash === cookie?.value)).toBe(false);
  });

  it("issues a new session id at every sign-in and drops the previous one", async () => {
    const email = `rotate${++n}@acme.test`;
    const first = await signInWithCode(email);
    const second = await signInWithCode(email, first);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it("signs out: the old cookie answers 401 afterwards", async () => {
    const cookie = await signInWithCode(`out${++n}@acme.test`);
    const out = await post(t, "/api/logout", {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.headers["cache-control"]).toBe("no-store");
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends a session idle for 30 days, not one idle just under", async () => {
    const cookie = await signInWithCode(`idle${++n}@acme.test`);
    clock.advance(30 * DAY - 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(30 * DAY - 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(30 * DAY);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends every session 90 days after sign-in however active it was", async () => {
    const cookie = await signInWithCode(`abs${++n}@acme.test`);
    for (let day = 0; day < 89; day += 10) {
      clock.advance(10 * DAY);
      expect((await me(cookie)).statusCode, `day ${day + 10}`).toBe(day + 10 < 90 ? 200 : 401);
    }
    clock.advance(DAY);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("sends /api/login to the sign-in page and ignores any redirect target in the request", async () => {
    for (const url of [
      "/api/login",
      "/api/login?returnTo=https://evil.example",
      "/api/login?redirect=//evil.example",
      "/api/login?next=/\\evil.example",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe("/auth");
    }
  });

  it("keeps session rows out of reach when a user is deleted", async () => {
    const cookie = await signInWithCode(`gone${++n}@acme.test`);
    const user = (await me(cookie)).json();
    const { users } = await import("../db/schema");
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("stops answering for a user an admin deactivated, even with a live session", async () => {
    const cookie = await signInWithCode(`deactivated${++n}@acme.test`);
    const user = (await me(cookie)).json();
    const { users } = await import("../db/schema");
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
