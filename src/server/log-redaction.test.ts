import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { latestCode, latestToken, post, sessionCookie } from "./auth/test-helpers";
import { users } from "./db/schema";
import { redactLogText, redactUrl } from "./log-redaction";
import { unsubscribeToken } from "./mail/signed-links";
import { printError } from "./terminal";
import { allowEmail, createUser } from "./test/factories";
import { createTestApp } from "./test/test-app";

const SECRET = "test-secret-test-secret-test-secret-0123";

describe("redactUrl", () => {
  it("keeps the path and the query keys but no query value", () => {
    expect(redactUrl("/api/health")).toBe("/api/health");
    expect(redactUrl("/magic-auth?token=abc&x=1")).toBe(
      "/magic-auth?token=[redacted]&x=[redacted]",
    );
    expect(redactUrl("/api/admin/users?q=ada%40acme.test")).toBe("/api/admin/users?q=[redacted]");
    expect(redactUrl("/x?ada@acme.test")).toBe("/x?[redacted]");
    expect(redactUrl("/api/matches/12/complete")).toBe("/api/matches/12/complete");
    expect(redactUrl("/uploads/photo.webp")).toBe("/uploads/photo.webp");
  });

  it("hides path segments holding an e-mail address or a token", () => {
    const token = `0b0e4e0e-5a4b-4e4f-9c1d-2f3a4b5c6d7e.${"a1".repeat(16)}`;
    expect(redactUrl(`/unsubscribe/${token}`)).toBe("/unsubscribe/[redacted]");
    expect(redactUrl("/users/ada@acme.test/x")).toBe("/users/[redacted]/x");
    expect(redactUrl("/users/ada%40acme.test")).toBe("/users/[redacted]");
    expect(redactUrl("/auth/Zm9vYmFyYmF6cXV4cXV1eA_-x")).toBe("/auth/[redacted]");
  });
});

describe("the server log", () => {
  it("holds no sign-in token, code, unsubscribe token or e-mail address after real sign-ins and an unsubscribe", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "coj-log-")), "server.log");
    const destination = pino.destination({ dest: file, sync: true });
    const t = await createTestApp({ logger: { level: "info", stream: destination } });
    try {
      const email = "ada.lovelace@secret-log.test";
      await allowEmail(t.db, email);
      const secrets: string[] = [email, encodeURIComponent(email)];

      expect((await post(t, "/api/auth/magic-link", { email })).statusCode).toBe(200);
      const token = await latestToken(t, email);
      secrets.push(token);
      await t.app.inject({ method: "GET", url: `/magic-auth?token=${token}` });
      const verified = await post(t, "/api/auth/magic-link/verify", { token });
      expect(sessionCookie(verified)).toBeDefined();
      await t.app.inject({ method: "GET", url: `/api/auth/user?token=${token}&email=${email}` });

      const codeMail = "grace.hopper@secret-log.test";
      await allowEmail(t.db, codeMail);
      secrets.push(codeMail);
      expect((await post(t, "/api/auth/send-code", { email: codeMail })).statusCode).toBe(200);
      const code = await latestCode(t, codeMail);
      secrets.push(code);
      await t.app.inject({ method: "GET", url: `/auth/code?email=${codeMail}&code=${code}` });
      expect((await post(t, "/api/auth/verify-code", { email: codeMail, code })).statusCode).toBe(
        200,
      );

      const reader = await createUser(t.db, { email: "reader@secret-log.test" });
      const unsubscribe = unsubscribeToken(SECRET, reader.id);
      secrets.push(unsubscribe, reader.email, reader.id);
      const query = `token=${encodeURIComponent(unsubscribe)}`;
      await t.app.inject({ method: "GET", url: `/unsubscribe?${query}` });
      expect((await t.get(`/api/unsubscribe?${query}`)).statusCode).toBe(200);
      const optedOut = await t.post(`/unsubscribe?${query}`, "List-Unsubscribe=One-Click", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(optedOut.statusCode).toBe(200);
      await t.app.inject({ method: "GET", url: `/api/unsubscribe/${unsubscribe}/${email}` });

      const log = readFileSync(file, "utf8");
      const lines = log.trim().split("\n");
      expect(lines.filter((line) => JSON.parse(line).msg === "request").length).toBeGreaterThan(8);
      expect(log).toContain("[redacted]");
      // Only texts: a six-digit code may turn up by chance among a line's numbers (its times).
      const texts = lines.flatMap((line) => textsOf(JSON.parse(line))).join("\n");
      for (const secret of secrets) expect(texts, secret).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});

function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

describe("a failed query in the log", () => {
  it("keeps the statement and the database's reason, never a parameter or the row's values", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "coj-log-")), "server.log");
    const destination = pino.destination({ dest: file, sync: true });
    const t = await createTestApp({ logger: { level: "info", stream: destination } });
    try {
      const email = "admin.hash@secret-log.test";
      const passwordHash = "scrypt$16384$8$1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtb2YtdGhlLWFkbWlu";
      const insert = () => t.db.insert(users).values({ email, passwordHash, isAdmin: true });
      await insert();
      const failed = await insert().then(
        () => new Error("the second insert was taken"),
        (error: Error) => error,
      );
      expect(failed.message).toContain(passwordHash);
      const badId = await t.db
        .select()
        .from(users)
        .where(sql`${users.id} = ${"not-a-uuid-but-a-secret"}::uuid`)
        .then(
          () => new Error("the select was taken"),
          (error: Error) => error,
        );

      t.app.log.error({ err: failed }, "start failed");
      t.app.log.error({ err: badId }, "read failed");
      t.app.log.warn(`Outbox: not settled, retried later: ${failed.message}`);
      const printed = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      printError(failed.message);
      const line = String(printed.mock.calls[0]?.[0]);
      printed.mockRestore();

      const log = readFileSync(file, "utf8");
      for (const text of [log, line, redactLogText(failed.stack ?? "")]) {
        expect(text).toContain("insert into");
        expect(text).not.toContain(passwordHash);
        expect(text).not.toContain(email);
      }
      expect(log).toContain("users_email_lower_unique");
      expect(log).toContain("[redacted]");
      expect(log).not.toContain("not-a-uuid-but-a-secret");
    } finally {
      await t.close();
    }
  });
});
