import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_DOMAIN } from "../../shared/sample-company";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { latestCode, post, sessionCookie } from "./test-helpers";

let demo: TestApp;
let plain: TestApp;
beforeAll(async () => {
  demo = await createTestApp({ env: { DEMO: "1" } });
  plain = await createTestApp({ database: demo.database, env: { DEMO: "0" } });
  await allowEmail(demo.db, "*@acme.test");
  await allowEmail(demo.db, `*@${SAMPLE_DOMAIN}`);
});
afterAll(async () => {
  await plain.close();
  await demo.close();
});

describe("simple test access (DEMO only)", () => {
  it("does not exist when DEMO is off", async () => {
    const res = await post(plain, "/api/simple-auth", { email: "new@acme.test" });
    expect(res.statusCode).toBe(404);
  });

  it("gives a new whitelisted person an unvalidated session that a mailed code validates", async () => {
    const email = "quick@acme.test";
    const res = await post(demo, "/api/simple-auth", { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, redirectTo: "/profile" });
    const cookie = sessionCookie(res);
    const me = await demo.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({
      email,
      isValidated: false,
      isEmailVerified: false,
      authMethod: "simple",
    });

    // The code the "Check Your Email" screen asks for was sent with the access.
    const verified = await post(
      demo,
      "/api/auth/verify-code",
      { email, code: await latestCode(demo, email) },
      { cookie },
    );
    expect(verified.statusCode).toBe(200);
    const after = await demo.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookie(verified) },
    });
    expect(after.json()).toMatchObject({ email, isValidated: true, isEmailVerified: true });
    // The unproven session does not outlive the proof.
    expect(
      (await demo.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses to open an existing validated account", async () => {
    const user = await createUser(demo.db, { email: "taken@acme.test" });
    const res = await post(demo, "/api/simple-auth", { email: user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "account_exists",
      message:
        "This account is already set up. Please sign in with a code or a magic link instead.",
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("opens a set-up person of the sample company as they are: no code, their own profile", async () => {
    // The sample company DEMO=1 seeds: every person has set up, at a domain no mail reaches.
    const email = `ada.kim@${SAMPLE_DOMAIN}`;
    await createUser(demo.db, { email, firstName: "Ada", lastName: "Kim" });
    const res = await post(demo, "/api/simple-auth", { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, redirectTo: "/profile" });
    const me = await demo.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.json()).toMatchObject({ email, firstName: "Ada", isValidated: true });
    expect((await demo.outbox()).filter((m) => m.toAddress === email)).toEqual([]);
  });

  it("refuses an admin's account, even at the sample company, and says where admins sign in", async () => {
    const admin = await createAdmin(demo.db, { email: `boss@${SAMPLE_DOMAIN}` });
    const res = await post(demo, "/api/simple-auth", { email: admin.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "admin_account",
      message: "This is an admin's account. Admins sign in with their password under Admin Access.",
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("refuses addresses off the whitelist and says so when the e-mail is empty", async () => {
    const res = await post(demo, "/api/simple-auth", { email: "x@evil.test" });
    expect(res.json().code).toBe("invalid_email");
    expect((await post(demo, "/api/simple-auth", { email: "" })).json().message).toBe(
      "Please enter your email address",
    );
  });

  it("honours only a same-site relative redirect target", async () => {
    const cases: Array<[string, string]> = [
      ["/matches", "/matches"],
      ["https://evil.example/x", "/profile"],
      ["//evil.example", "/profile"],
      ["/\\evil.example", "/profile"],
      ["javascript:alert(1)", "/profile"],
    ];
    let i = 0;
    for (const [target, expected] of cases) {
      const res = await post(demo, "/api/simple-auth", {
        email: `redir${++i}@acme.test`,
        redirectTo: target,
      });
      expect(res.json().redirectTo, target).toBe(expected);
    }
  });

  it("serves the /simple-auth page only in DEMO mode", async () => {
    // Without a built client both answer 404 JSON; the page itself is checked in the browser story.
    expect((await plain.app.inject({ method: "GET", url: "/simple-auth" })).statusCode).toBe(404);
  });
});
