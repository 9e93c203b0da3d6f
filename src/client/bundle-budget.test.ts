import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { formatBundles, type RouteBundle, routeBundles } from "../../scripts/bundle-budget";
import { clientDir } from "../../scripts/client-build.mjs";

// Reads each route's initial chunk graph from the manifest of the client's production build, which
// the unit run's global set-up makes when it is not current (src/server/test/global-setup.ts), so
// pages added later are counted too.
let bundles: RouteBundle[];
beforeAll(() => {
  bundles = routeBundles(clientDir);
});

describe("client bundle budgets", () => {
  it("finds the landing page and every lazily loaded page in the build", () => {
    const routes = readFileSync(new URL("./routes.tsx", import.meta.url), "utf8");
    const lazyPages = [...routes.matchAll(/import\("\.\/pages\/([\w-]+)"\)/g)].map(
      ([, name]) => `src/client/pages/${name}.tsx`,
    );
    expect(lazyPages.length).toBeGreaterThan(10);
    const pages = bundles.map((b) => b.page);
    expect(pages[0]).toBe("/");
    expect(pages.slice(1).sort()).toEqual([...new Set(lazyPages)].sort());
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
