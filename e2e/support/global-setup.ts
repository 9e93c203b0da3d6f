import { chromium } from "playwright-core";
import { build } from "vite";
import type { TestProject } from "vitest/node";
import { repoRoot } from "../../src/server/repo-root";
import { ensureMigratedSnapshot } from "../../src/server/test/migrated-snapshot";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The story run's one Chromium (a browser server): each file connects and opens its contexts. */
    chromiumEndpoint: string;
  }
}

/**
 * Once per story run (docs/performance.md, "The test suite"): builds the client so every story
 * runs against the production bundle, makes the migrated database snapshot each story's data
 * folder starts from, and launches the one Chromium the story files connect to.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== "1") await build({ root: repoRoot, logLevel: "warn" });
  await ensureMigratedSnapshot();
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
