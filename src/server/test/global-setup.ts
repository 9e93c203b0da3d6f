import { ensureMigratedSnapshot } from "./migrated-snapshot";

/**
 * Once per unit run: one migrated embedded database that every test file's PGlite starts from
 * (docs/performance.md, "The test suite"). Against a PostgreSQL server each file migrates its own.
 */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await ensureMigratedSnapshot();
}
