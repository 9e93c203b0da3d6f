import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { post, sessionCookie } from "./test-helpers";

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailLog: (line) => lines.push(line) });
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

describe("local sign-in through the outbox", () => {
  it("prints the six-digit code on the console, and that code signs the person in", async () => {
    const sent = await post(t, "/api/auth/send-code", { email: "ada@acme.test" });
    expect(sent.statusCode).toBe(200);
    await t.urgentDelivery.settled();
    const printed = lines.find((l) => l.startsWith("[outbox] to ada@acme.test"));
    const code = printed?.match(/\n {4}code: (\d{6})$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post(t, "/api/auth/verify-code", { email: "ada@acme.test", code });
    expect(verified.statusCode).toBe(200);
    expect(sessionCookie(verified)).toBeDefined();
  });

  it("prints no code line for a magic-link mail", async () => {
    const sent = await post(t, "/api/auth/magic-link", { email: "ben@acme.test" });
    expect(sent.statusCode).toBe(200);
    await t.urgentDelivery.settled();
    const printed = lines.find((l) => l.startsWith("[outbox] to ben@acme.test")) ?? "";
    expect(printed).toMatch(/\n {4}http:\/\/127\.0\.0\.1:5000\/magic-auth\?token=[\w-]+$/);
    expect(printed).not.toContain("code:");
  });
});
