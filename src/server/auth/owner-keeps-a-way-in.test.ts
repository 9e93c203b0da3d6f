import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { latestCode, latestToken, post } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@owner.test");
});
afterAll(() => t.close());

/** Ten codes for `email` asked for from `ip`, 61 seconds apart, each reaching the inbox. */
async function tenCodesFrom(ip: string, email: string) {
  for (let i = 0; i < 10; i++) {
    expect((await post(t, "/api/auth/send-code", { email }, { ip })).statusCode).toBe(200);
    await t.outbox();
    clock.advance(61_000);
  }
}

describe("the owner of an address always keeps a way in", () => {
  it("a stranger's ten requests use up the stranger's allowance, not the owner's", async () => {
    const email = "victim@owner.test";
    const stranger = "10.9.9.9";
    const owner = "10.8.8.8";
    await tenCodesFrom(stranger, email);
    const refused = await post(t, "/api/auth/send-code", { email }, { ip: stranger });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "daily_limit" });

    // The owner, elsewhere, gets a code at once, and a link as well.
    const code = await post(t, "/api/auth/send-code", { email }, { ip: owner });
    expect(code.statusCode).toBe(200);
    expect((await post(t, "/api/auth/magic-link", { email }, { ip: owner })).statusCode).toBe(200);
    const signedIn = await post(
      t,
      "/api/auth/verify-code",
      { email, code: await latestCode(t, email) },
      { ip: owner },
    );
    expect(signedIn.statusCode).toBe(200);

    // Fifteen minutes later, with every code expired, the owner still gets either.
    clock.advance(15 * 60_000);
    expect((await post(t, "/api/auth/send-code", { email }, { ip: owner })).statusCode).toBe(200);
    expect((await post(t, "/api/auth/magic-link", { email }, { ip: owner })).statusCode).toBe(200);
  });

  it("once strangers in several places use up the address's cap, a code or a link still comes when nothing is live, at most one an hour", async () => {
    const email = "colleague@owner.test";
    const owner = "10.7.7.7";
    for (const stranger of ["10.6.0.1", "10.6.0.2", "10.6.0.3"])
      await tenCodesFrom(stranger, email);
    // Thirty mails: the address's cap. While the strangers' last codes live, nothing more is sent.
    const whileLive = await post(t, "/api/auth/magic-link", { email }, { ip: owner });
    expect(whileLive.statusCode).toBe(429);
    expect(whileLive.json().message).toContain("This address has been sent 30 sign-in e-mails");

    // Fifteen minutes on, nothing is live: a link comes (a code waits for an hour after the last).
    clock.advance(15 * 60_000);
    expect((await post(t, "/api/auth/send-code", { email }, { ip: owner })).statusCode).toBe(429);
    expect((await post(t, "/api/auth/magic-link", { email }, { ip: owner })).statusCode).toBe(200);
    const token = await latestToken(t, email);
    expect(token.length).toBeGreaterThan(40);
    // While that link lives, nobody gets another mail beyond the cap: it is waiting in the inbox.
    clock.advance(61 * 60_000);
    for (const route of ["/api/auth/magic-link", "/api/auth/send-code"]) {
      expect((await post(t, route, { email }, { ip: "10.6.0.1" })).statusCode).toBe(429);
    }
    expect((await post(t, "/api/auth/magic-link/verify", { token })).statusCode).toBe(200);
    // Used, and the last code over an hour old: the code path is open again, one at a time.
    expect((await post(t, "/api/auth/send-code", { email }, { ip: owner })).statusCode).toBe(200);
    const code = await latestCode(t, email);
    clock.advance(61_000);
    expect((await post(t, "/api/auth/send-code", { email }, { ip: owner })).statusCode).toBe(429);
    const signedIn = await post(t, "/api/auth/verify-code", { email, code }, { ip: owner });
    expect(signedIn.statusCode).toBe(200);
  });
});
