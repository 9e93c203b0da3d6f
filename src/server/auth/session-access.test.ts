import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowedEmails, sessions } from "../db/schema";
import { allowEmail, createAdmin, createUser, signInAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { latestCode, latestToken, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
const PASSWORD = "correct-horse-battery";
let t: TestApp;
let adminCookie: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await signInAdmin(t.db, { email: "boss@hq.test" }, { now: clock.now() });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function signInWithCode(email: string) {
  clock.advance(61_000);
  await post(t, "/api/auth/send-code", { email });
  const res = await post(t, "/api/auth/verify-code", { email, code: await latestCode(t, email) });
  expect(res.statusCode).toBe(200);
  return { res, cookie: sessionCookie(res) as string };
}

async function signInWithLink(email: string) {
  clock.advance(61_000);
  await post(t, "/api/auth/magic-link", { email });
  const token = await latestToken(t, email);
  const res = await post(t, "/api/auth/magic-link/verify", { token });
  expect(res.statusCode).toBe(200);
  return { res, cookie: sessionCookie(res) as string };
}

const sessionCount = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("the whitelist is checked on every request", () => {
  it("signs a person out on their next request once their entry is removed", async () => {
    const email = `leaver${++n}@solo.test`;
    const entry = await allowEmail(t.db, email);
    const { res, cookie } = await signInWithCode(email);
    const userId = res.json().user.id;
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/allowed-emails/${entry.id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
    expect(await sessionCount(userId)).toBe(0);
    const participation = await t.app.inject({
      method: "PUT",
      url: "/api/participation",
      headers: { cookie },
      payload: { action: "reactivate" },
    });
    expect(participation.statusCode).toBe(401);
  });

  it("signs a person out at the current-match read too, which looks the session up itself", async () => {
    const email = `home${++n}@solo.test`;
    const entry = await allowEmail(t.db, email);
    const { res, cookie } = await signInWithCode(email);
    const userId = res.json().user.id;
    expect((await get("/api/matches/current", cookie)).json()).toMatchObject({ match: null });

    await t.db.delete(allowedEmails).where(eq(allowedEmails.id, entry.id));
    const after = await get("/api/matches/current", cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toEqual(expect.any(String));
    expect(await sessionCount(userId)).toBe(0);
  });

  it("signs out a person whose domain entry is deactivated, and restores access at the next sign-in", async () => {
    const entry = await allowEmail(t.db, "*@domain-off.test");
    const email = `member${++n}@domain-off.test`;
    const { cookie } = await signInWithCode(email);
    await t.db.update(allowedEmails).set({ isActive: false }).where(eq(allowedEmails.id, entry.id));
    expect((await get("/api/auth/status", cookie)).json()).toEqual({
      authenticated: false,
      user: null,
    });
    clock.advance(61_000);
    expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(403);

    await t.db.update(allowedEmails).set({ isActive: true }).where(eq(allowedEmails.id, entry.id));
    const again = await signInWithCode(email);
    expect((await get("/api/auth/user", again.cookie)).statusCode).toBe(200);
  });

  it("keeps a person signed in while a specific entry still admits them", async () => {
    const domainEntry = await allowEmail(t.db, "*@keep.test");
    const email = `stays${++n}@keep.test`;
    await allowEmail(t.db, email);
    const { cookie } = await signInWithCode(email);
    await t.db.delete(allowedEmails).where(eq(allowedEmails.id, domainEntry.id));
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
  });

  it("keeps an admin's password session without any whitelist entry", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@nolist.test`, password: PASSWORD });
    const res = await post(t, "/api/signin", { email: admin.email, password: PASSWORD });
    const cookie = sessionCookie(res) as string;
    expect((await get("/api/auth/user", cookie)).json()).toMatchObject({ isAdmin: true });
    expect((await get("/api/admin/domain-groups", cookie)).statusCode).toBe(200);
  });
});

describe("admin rights come only from the password sign-in", () => {
  it("gives an admin who signs in with a code an employee session, then rights after the password", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@codes.test`, password: PASSWORD });
    await allowEmail(t.db, admin.email);
    const { res, cookie } = await signInWithCode(admin.email);
    expect(res.json().user).toMatchObject({ isAdmin: false, adminPasswordRequired: true });
    expect((await get("/api/auth/user", cookie)).json()).toMatchObject({
      isAdmin: false,
      adminPasswordRequired: true,
    });
    const refused = await get("/api/admin/domain-groups", cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("admin_password_required");
    expect((await get("/api/matches/current", cookie)).statusCode).not.toBe(401);

    const withPassword = await post(
      t,
      "/api/signin",
      { email: admin.email, password: PASSWORD },
      { cookie },
    );
    const adminSession = sessionCookie(withPassword) as string;
    expect((await get("/api/admin/domain-groups", adminSession)).statusCode).toBe(200);
    expect((await get("/api/auth/user", adminSession)).json()).toMatchObject({
      isAdmin: true,
      adminPasswordRequired: false,
    });
    // The password sign-in replaced the code session.
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
  });

  it("gives an admin who opens a magic link no admin rights", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@links.test`, password: PASSWORD });
    await allowEmail(t.db, admin.email);
    const { res, cookie } = await signInWithLink(admin.email);
    expect(res.json().user).toMatchObject({ isAdmin: false, adminPasswordRequired: true });
    expect((await get("/api/admin/allowed-emails", cookie)).statusCode).toBe(403);
  });

  it("signs out an admin's code session when their whitelist entry goes, but keeps the password session", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@both.test`, password: PASSWORD });
    const entry = await allowEmail(t.db, admin.email);
    const { cookie: codeSession } = await signInWithCode(admin.email);
    const res = await post(t, "/api/signin", { email: admin.email, password: PASSWORD });
    const passwordSession = sessionCookie(res) as string;
    await t.db.delete(allowedEmails).where(eq(allowedEmails.id, entry.id));
    expect((await get("/api/auth/user", codeSession)).statusCode).toBe(401);
    expect((await get("/api/admin/domain-groups", passwordSession)).statusCode).toBe(200);
    expect(await sessionCount(admin.id)).toBe(1);
  });

  it("takes admin rights away from a password session once the account is no longer an admin", async () => {
    const admin = await createAdmin(t.db, {
      email: `admin${++n}@demoted.test`,
      password: PASSWORD,
    });
    const res = await post(t, "/api/signin", { email: admin.email, password: PASSWORD });
    const cookie = sessionCookie(res) as string;
    const { users } = await import("../db/schema");
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect((await get("/api/admin/domain-groups", cookie)).statusCode).toBe(401);
    expect(await sessionCount(admin.id)).toBe(0);
  });

  it("answers 403 to an employee session of a plain employee", async () => {
    const employee = await createUser(t.db, { email: `emp${++n}@solo.test` });
    await allowEmail(t.db, employee.email);
    const { cookie } = await signInWithCode(employee.email);
    const res = await get("/api/admin/domain-groups", cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
  });
});
