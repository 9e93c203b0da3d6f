import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { settings } from "../db/schema";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { GUESS_CAP_MESSAGE } from "./guess-cap";
import { latestCode, post } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let first: TestApp;
let second: TestApp;
let n = 0;

beforeAll(async () => {
  first = await createTestApp({ clock });
  // A second app process on the same database: the cap must hold across both.
  second = await createTestApp({ clock, database: first.database });
  await allowEmail(first.db, "*@cap.test");
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const fresh = () => `guesser${++n}@cap.test`;
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function sendCode(app: TestApp, email: string) {
  clock.advance(61_000);
  return post(app, "/api/auth/send-code", { email });
}

/** Sends a code through `app` and spends `guesses` wrong guesses on it, alternating the apps. */
async function burnCode(app: TestApp, email: string, guesses = 5) {
  expect((await sendCode(app, email)).statusCode).toBe(200);
  const wrong = wrongFor(await latestCode(first, email));
  for (let i = 0; i < guesses; i++) {
    const res = await post(i % 2 ? second : first, "/api/auth/verify-code", { email, code: wrong });
    expect(res.statusCode).toBe(400);
  }
}

describe("the long-term cap on code guessing", () => {
  it("sends no new code after 20 wrong guesses in 24 hours, whichever process took them", async () => {
    const email = fresh();
    for (let k = 0; k < 4; k++) await burnCode(k % 2 ? second : first, email);

    for (const app of [first, second]) {
      const refused = await sendCode(app, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "code_limit", message: GUESS_CAP_MESSAGE });
      expect(refused.json().message).toMatch(/magic link/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    const mailsBefore = (await first.outbox()).length;
    expect((await post(second, "/api/auth/magic-link", { email })).statusCode).toBe(200);
    expect((await first.outbox()).length).toBe(mailsBefore + 1);

    clock.advance(DAY);
    expect((await sendCode(second, email)).statusCode).toBe(200);
  }, 120_000);

  it("refuses further guesses on a live code once the cap is reached, even the right code", async () => {
    await first.db.insert(settings).values({ key: "auth", value: { maxWrongCodes: 7 } });
    try {
      const email = fresh();
      await burnCode(first, email, 5);
      await burnCode(second, email, 2);
      const right = await latestCode(first, email);
      const res = await post(second, "/api/auth/verify-code", { email, code: right });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("code_limit");
    } finally {
      await first.db.delete(settings).where(eq(settings.key, "auth"));
    }
  });

  it("does not count the guess that signed in", async () => {
    await first.db.insert(settings).values({ key: "auth", value: { maxWrongCodes: 3 } });
    try {
      const email = fresh();
      await burnCode(first, email, 2);
      const ok = await post(first, "/api/auth/verify-code", {
        email,
        code: await latestCode(first, email),
      });
      expect(ok.statusCode).toBe(200);
      // Two wrong so far: one more wrong guess is allowed on a new code, then the cap holds.
      await burnCode(second, email, 1);
      expect((await sendCode(first, email)).statusCode).toBe(429);
    } finally {
      await first.db.delete(settings).where(eq(settings.key, "auth"));
    }
  });
});
