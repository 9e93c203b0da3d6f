import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "../../shared/api";
import { repoRoot as root } from "../repo-root";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * Redocly's `recommended` rules over the document the app serves (docs/api.md, "Checking the
 * document"), with every optional part on (SCIM's operations included) and the repository's redocly.yaml: no error, and no warning but the three
 * redirect-only sign-in steps, which have no 2xx answer to give.
 */
const run = promisify(execFile);
let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      DEMO: "1",
      OIDC_ISSUER: "https://sso.example.invalid",
      OIDC_CLIENT_ID: "cup-of-joe",
      SCIM_TOKEN: "scim-token-for-the-lint-0123456789-abcdef",
    },
  });
  dir = mkdtempSync(path.join(tmpdir(), "coj-openapi-"));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer: string }>;
};

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error, and warns only of the redirect-only sign-in steps", async () => {
    const res = await t.app.inject({ method: "GET", url: OPENAPI_DOCUMENT });
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, res.body);
    const redocly = path.join(root, "node_modules", ".bin", "redocly");
    const args = ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "json"];
    // Redocly exits 1 when it finds an error; the report on stdout says which.
    const { stdout } = await run(redocly, args, { cwd: root, maxBuffer: 64 << 20 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    const problems = (JSON.parse(stdout) as { problems: Problem[] }).problems;
    const document = res.json();
    expect(document.paths["/scim/v2/.search"].post.security).toEqual([{ scimBearer: [] }]);
    const shown = problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`,
    );
    expect(shown.filter((line) => line.startsWith("error"))).toEqual([]);
    expect(shown.filter((line) => !line.includes("operation-2xx-response"))).toEqual([]);
    expect(problems.map((p) => p.location[0]?.pointer).sort()).toEqual([
      "#/paths/~1api~1auth~1oidc~1callback/get/responses",
      "#/paths/~1api~1auth~1oidc~1start/get/responses",
      "#/paths/~1api~1login/get/responses",
    ]);
  }, 120_000);
});
