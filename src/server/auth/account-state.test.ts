import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { post } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
const logLines: string[] = [];
let t: TestApp;
let n = 0;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ clock, logger: { level: "warn", stream } });
  await allowEmail(t.db, "*@state.test");
});
afterAll(() => t.close());

async function threeAddresses() {
  const active = await createUser(t.db, { email: `active${++n}@state.test` });
  const deactivated = await createUser(t.db, { email: `gone${++n}@state.test`, isActive: false });
  return { active: active.email, deactivated: deactivated.email, unknown: `new${++n}@state.test` };
}

const mailsTo = async (email: string) =>
  (await t.outbox()).filter((mail) => mail.toAddress === email).length;

describe("sign-in requests do not tell account states apart", () => {
  for (const [route, label] of [
    ["/api/auth/send-code", "sign-in code"],
    ["/api/auth/magic-link", "sign-in link"],
  ] as const) {
    it(`answers ${route} alike for active, deactivated and never-registered addresses`, async () => {
      clock.advance(61_000);
      const emails = await threeAddresses();
      const answers = await Promise.all(
        Object.values(emails).map((email) => post(t, route, { email })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(answers[0].body);
      }
      expect(await mailsTo(emails.active)).toBe(1);
      expect(await mailsTo(emails.unknown)).toBe(1);
      expect(await mailsTo(emails.deactivated)).toBe(0);
      expect(logLines.join("")).toContain(
        `No ${label} sent to ${emails.deactivated}: the account is deactivated`,
      );

      // The per-address minute applies to all three alike, too.
      const again = await Promise.all(
        Object.values(emails).map((email) => post(t, route, { email })),
      );
      for (const res of again) {
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe(again[0].json().message);
      }
    });
  }
});
