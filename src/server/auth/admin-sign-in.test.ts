import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { nextIp, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
const PASSWORD = "correct-horse-battery";
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip = nextIp()) =>
  post(t, "/api/signin", { email, password }, { ip });

describe("admin password sign-in", () => {
  it("signs an admin in, answers the user, and the session reaches admin routes", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    const res = await signin(admin.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: admin.email, isAdmin: true });
    expect(res.body).not.toMatch(/scrypt/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = sessionCookie(res);
    const groups = await t.app.inject({
      method: "GET",
      url: "/api/admin/domain-groups",
      headers: { cookie },
    });
    expect(groups.statusCode).toBe(200);
  });

  it("gives the same answer for an unknown e-mail, a wrong password and a non-admin", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    const employee = await createUser(t.db, { email: `emp${++n}@acme.test`, password: PASSWORD });
    const answers = await Promise.all([
      signin("nobody@acme.test", PASSWORD),
      signin(admin.email, "wrong-password-here"),
      signin(employee.email, PASSWORD),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: "Invalid email or password.",
        code: "invalid_credentials",
      });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it("locks the account for 15 minutes after 10 failures, even for the right password", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    for (let i = 0; i < 9; i++)
      expect((await signin(admin.email, `wrong-${i}`)).statusCode).toBe(401);
    const tenth = await signin(admin.email, "wrong-10");
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().code).toBe("account_locked");
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 - 1000);
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it("resets the failure count after a successful sign-in", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    for (let i = 0; i < 9; i++) await signin(admin.email, "nope-nope");
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
    expect((await signin(admin.email, "nope-nope")).statusCode).toBe(401);
  });

  it("limits sign-in attempts per IP", async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await signin("nobody@acme.test", "x", ip)).statusCode;
    expect(last).toBe(429);
  }, 30_000);

  it("validates the login form's texts", async () => {
    expect((await signin("", PASSWORD)).json().message).toBe("Please enter a valid email address");
    expect((await signin("a@acme.test", "")).json().message).toBe("Password is required");
  });
});
