import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { defaultAuthSettings } from "./auth-settings";
import { delayAfter, throttleRules } from "./password-throttle";
import { nextIp, post, sessionCookie } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
const PASSWORD = "correct-horse-battery";
const WRONG = { message: "Invalid email or password.", code: "invalid_credentials" };
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip = nextIp(), app = t) =>
  post(app, "/api/signin", { email, password }, { ip });

function expectRefused(res: Awaited<ReturnType<typeof signin>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(WRONG);
  expect(res.headers["retry-after"]).toBeUndefined();
  expect(sessionCookie(res)).toBeUndefined();
}

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
    for (const res of answers) expectRefused(res);
  });

  it("slows an address down after 5 wrong passwords, answering like a wrong password even for the right one", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    for (let i = 0; i < 6; i++) expectRefused(await signin(admin.email, `wrong-${i}`));
    // The sixth failure starts a one-second delay: the right password inside it is not checked.
    expectRefused(await signin(admin.email, PASSWORD));
    clock.advance(1000);
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
    // A success forgets the failures: five more wrong ones are free again.
    for (let i = 0; i < 5; i++) expectRefused(await signin(admin.email, `again-${i}`));
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it("grows the delay by doubling up to 20 minutes, never locking the account for good", async () => {
    const rule = throttleRules(defaultAuthSettings).account;
    expect([5, 6, 7, 8].map((f) => delayAfter(f, rule))).toEqual([0, 1000, 2000, 4000]);
    expect(delayAfter(16, rule)).toBe(1_024_000);
    expect(delayAfter(17, rule)).toBe(20 * 60 * 1000);
    expect(delayAfter(10_000, rule)).toBe(20 * 60 * 1000);

    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    for (let i = 0; i < 8; i++) {
      if (i > 0) clock.advance(delayAfter(i, rule));
      expectRefused(await signin(admin.email, `wrong-${i}`));
    }
    // Eight failures: the next try must wait four seconds after the last one.
    clock.advance(3999);
    expectRefused(await signin(admin.email, PASSWORD));
    clock.advance(1);
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it("slows down one IP that tries many addresses, without slowing the admin elsewhere", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    const attacker = nextIp();
    for (let i = 0; i < 11; i++) expectRefused(await signin(`guess${i}@acme.test`, "x", attacker));
    expectRefused(await signin(admin.email, PASSWORD, attacker));
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it("shares the delays between app processes on one database", async () => {
    const second = await createTestApp({ clock, database: t.database });
    try {
      const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
      for (let i = 0; i < 6; i++) {
        expectRefused(await signin(admin.email, `wrong-${i}`, nextIp(), i % 2 ? second : t));
      }
      expectRefused(await signin(admin.email, PASSWORD, nextIp(), second));
      expectRefused(await signin(admin.email, PASSWORD, nextIp(), t));
      clock.advance(1000);
      expect((await signin(admin.email, PASSWORD, nextIp(), second)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("validates the login form's texts", async () => {
    expect((await signin("", PASSWORD)).json().message).toBe("Please enter a valid email address");
    expect((await signin("a@acme.test", "")).json().message).toBe("Password is required");
  });
});
