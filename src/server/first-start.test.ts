import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./repo-root";
import { npmStart, stopApp } from "./test/npm-start";

// A fresh clone: the project's files without dist/, data/ or .env, sharing node_modules.
const workDir = mkdtempSync(path.join(tmpdir(), "coj-first-start-"));
const projectDir = path.join(workDir, "project");
const left = new Set(["node_modules", "dist", "data", ".git", ".env", "coverage", "test-results"]);
cpSync(repoRoot, projectDir, {
  recursive: true,
  filter: (source) => !left.has(path.relative(repoRoot, source).split(path.sep)[0]),
});
symlinkSync(path.join(repoRoot, "node_modules"), path.join(projectDir, "node_modules"), "dir");
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("the first npm start of a fresh clone", () => {
  it("builds the client and the server, then mails a sign-in code on the first request", async () => {
    const { NODE_ENV: _asNpmStartHasIt, ...env } = process.env;
    const app = await npmStart(projectDir, {
      ...env,
      DATA_DIR: path.join(workDir, "data"),
      DEMO: "1",
      DEMO_EMPLOYEES: "2",
    });
    try {
      expect(app.output()).toContain("building it once (vite build)");
      expect(existsSync(path.join(projectDir, "dist", "client", "index.html"))).toBe(true);
      const email = "first.start@acme.example";
      const post = (url: string, body: unknown) =>
        fetch(`${app.url}${url}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });

      const sent = await post("/api/auth/send-code", { email });
      expect(sent.status).toBe(200);
      const mailed = await app.waitForOutput(
        new RegExp(`\\[outbox\\] to ${email}: Your Cup of Joe sign-in code\\n\\s+code: (\\d{6})`),
      );
      const verified = await post("/api/auth/verify-code", { email, code: mailed[1] });
      expect(verified.status).toBe(200);
    } finally {
      expect(await stopApp(app.child)).toBe(0);
    }
  }, 600_000);
});
