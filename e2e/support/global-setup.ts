import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildClient, clientBuildIsStale } from "../../scripts/client-build.mjs";
import { ensureMigratedSnapshot } from "../../src/server/test/migrated-snapshot";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The story run's one Chromium (a browser server): each file connects and opens its contexts. */
    chromiumEndpoint: string;
  }
}

/**
 * Once per story run (docs/performance.md, "The test suite"): builds the client unless its build is
 * current (`npm test` builds it in the unit run before), so every story runs against the
 * production bundle, makes the migrated database snapshot each story's data
 * folder starts from, and launches the one Chromium the story files connect to.
 */
export default async function setup(project: TestProject) {
  if (clientBuildIsStale()) await buildClient();
  await ensureMigratedSnapshot();
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
