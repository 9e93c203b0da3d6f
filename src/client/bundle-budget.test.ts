import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBundles, type RouteBundle, routeBundles } from "../../scripts/bundle-budget";
import { repoRoot } from "../server/repo-root";

// Builds the client as `npm run build` does (a production build in a child process, since the
// test runner sets NODE_ENV=test) into a scratch directory, and reads each route's initial chunk
// graph from the build's manifest, so pages added later are counted too.
const viteCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vite/package.json")),
  "bin",
  "vite.js",
);
const outDir = mkdtempSync(path.join(tmpdir(), "coj-budget-"));
let bundles: RouteBundle[];

beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [viteCli, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    { cwd: repoRoot, env: { ...process.env, NODE_ENV: "production" } },
  );
  bundles = routeBundles(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("client bundle budgets", () => {
  it("finds the landing page and every lazily loaded page in the build", () => {
    const pages = bundles.map((b) => b.page);
    expect(pages[0]).toBe("/");
    expect(pages).toContain("src/client/pages/admin-page.tsx");
    expect(pages).toContain("src/client/pages/profile-page.tsx");
    expect(pages.length).toBeGreaterThan(10);
  });

  it("keeps every route's initial JavaScript, as served with brotli, within its budget", () => {
    const over = bundles.filter((b) => b.brotliBytes > b.budget);
    expect(
      over,
      `over budget:\n${formatBundles(over)}\n\nall routes:\n${formatBundles(bundles)}`,
    ).toEqual([]);
  });

  it("ships the landing page's JavaScript precompressed, brotli smaller than gzip", () => {
    const landing = bundles[0];
    expect(landing.files.length).toBeGreaterThan(0);
    expect(landing.gzipBytes).toBeLessThan(landing.rawBytes / 2);
    expect(landing.brotliBytes).toBeLessThan(landing.gzipBytes);
  });
});
