import { buildClient, clientBuildIsStale } from "../../scripts/client-build.mjs";
import { ensureMigratedSnapshot } from "../../src/server/test/migrated-snapshot";

/**
 * Once per story run (docs/performance.md, "The test suite"): builds the client unless its build is
 * current (`npm test` builds it in the unit run before), so every story runs against the
 * production bundle, and makes the migrated database snapshot each story worker's database starts
 * from. Each story worker launches its Chromium itself (`e2e/support/harness.ts`).
 */
export default async function setup() {
  // At the same time: the client build runs in a child process.
  await Promise.all([clientBuildIsStale() ? buildClient() : undefined, ensureMigratedSnapshot()]);
}
