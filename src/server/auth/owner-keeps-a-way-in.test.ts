import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { latestToken, post } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@owner.test");
});
afterAll(() => t.close());

describe("the owner of an address always keeps a way in", () => {
  it("still gets a fresh link once a stranger's codes have all expired, at most one while it lives", async () => {
    const email = "victim@owner.test";
    const stranger = "10.9.9.9";
    for (let i = 0; i < 10; i++) {
      expect((await post(t, "/api/auth/send-code", { email }, { ip: stranger })).statusCode).toBe(
        200,
      );
      // Each reaches the inbox, as it would.
      await t.outbox();
      clock.advance(61_000);
    }
    // The stranger's eleventh is refused, as is the owner's code while the stranger's are live.
    expect((await post(t, "/api/auth/send-code", { email }, { ip: stranger })).statusCode).toBe(
      429,
    );
    expect((await post(t, "/api/auth/magic-link", { email })).statusCode).toBe(429);

    clock.advance(15 * 60_000);
    const owners = await post(t, "/api/auth/magic-link", { email });
    expect(owners.statusCode).toBe(200);
    await t.outbox();
    const token = await latestToken(t, email);
    expect(token.length).toBeGreaterThan(40);
    // While that link lives, nobody gets another beyond the cap: it is waiting in the inbox.
    clock.advance(61 * 60_000);
    expect((await post(t, "/api/auth/magic-link", { email }, { ip: stranger })).statusCode).toBe(
      429,
    );
    const signedIn = await post(t, "/api/auth/magic-link/verify", { token });
    expect(signedIn.statusCode).toBe(200);
  });
});
