import type { TestProject } from "vitest/node";
import { buildClient, clientBuildIsStale } from "../../../scripts/client-build.mjs";
import { compileAppProcess } from "./app-processes";
import { ensureMigratedSnapshot } from "./migrated-snapshot";
import { ensureMigratedTemplate } from "./migrated-template";
import { startRunCluster } from "./postgres-server";

/**
 * Once per unit run: one migrated database that every test file's starts from
 * (docs/performance.md, "The test suite"): a PGlite snapshot, or against a PostgreSQL server a
 * template database each file's database is copied from; the compiled entry of the tests' app
 * processes; and the client's production build, unless it is current (the bundle budget test
 * reads it, `npm start`'s tests serve it, and the browser stories after this run reuse it).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Independent of each other, so at the same time: the client build runs in a child process.
  const [cluster] = await Promise.all([
    serverUrl ? undefined : runCluster(),
    compileAppProcess(),
    clientBuildIsStale() ? buildClient() : undefined,
    serverUrl ? ensureMigratedTemplate(serverUrl) : ensureMigratedSnapshot(),
  ]);
  project.provide("postgresClusterUrl", cluster?.url ?? "");
  return () => cluster?.close();
}

/**
 * The run's PostgreSQL cluster, with the migrated template the files' databases are copied from.
 * When it cannot start, the files that need a server start their own and fail there with the
 * reason, as before; the rest of the run goes on.
 */
async function runCluster() {
  const cluster = await startRunCluster().catch((error) => {
    console.warn(`No PostgreSQL cluster for this run: ${error}`);
    return undefined;
  });
  if (cluster) await ensureMigratedTemplate(cluster.url);
  return cluster;
}
