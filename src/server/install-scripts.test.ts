import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./repo-root";

const run = promisify(execFile);

// npm 11 lists, at the end of `npm ci`, every dependency whose install script package.json's
// `allowScripts` does not cover (and a later npm blocks them): docs/decisions/0035-install-scripts-allowed.md.
describe("the dependencies' install scripts", () => {
  it("are all reviewed in package.json, so npm ci prints no warning about them", async () => {
    const { stdout } = await run("npm", ["install-scripts", "ls", "--json"], { cwd: repoRoot });
    expect(JSON.parse(stdout)).toEqual({ allowScripts: [] });
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    // esbuild's postinstall checks its platform binary; the server build needs it.
    expect(pkg.allowScripts).toEqual({ esbuild: true });
  });
});
