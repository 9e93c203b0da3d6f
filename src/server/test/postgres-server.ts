import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { migratedTemplateName } from "./migrated-template";

const run = promisify(execFile);

/** A PostgreSQL server that only this test (or benchmark) uses; `url` names its database. */
export interface PostgresServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A real PostgreSQL server for tests that need one even on the embedded default (several app
 * processes on one database, benchmarks), with a database of its own: a fresh database on
 * TEST_DATABASE_URL's server when it is set (CI's PostgreSQL pass), else on the cluster the unit
 * run's global set-up started (`startRunCluster`), else (a benchmark, a script) a throwaway
 * cluster made with Debian's initdb + pg_ctl that listens only on a Unix socket in a temporary
 * directory, so no port can collide. `migrated`: the database is a copy of the run's migrated
 * template (migrate() then finds nothing to apply) instead of empty, where the server has one
 * (docs/performance.md, "The test suite").
 */
export async function startPostgresServer(
  options: { migrated?: boolean } = {},
): Promise<PostgresServer> {
  const serverUrl = process.env.TEST_DATABASE_URL || (await runClusterUrl());
  if (!serverUrl) return startThrowawayCluster();
  return createServerDatabase(serverUrl, {
    template: options.migrated ? migratedTemplateName() : undefined,
  });
}

declare module "vitest" {
  interface ProvidedContext {
    /** The unit run's PostgreSQL cluster (`startRunCluster`), empty when it has none. */
    postgresClusterUrl: string;
  }
}

/** The cluster of this Vitest run's unit global set-up, when this is such a run. */
async function runClusterUrl(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject("postgresClusterUrl") || undefined;
}

/**
 * One throwaway cluster for a whole unit run (its global set-up), with the migrated template on
 * it: each file that asks for a PostgreSQL server gets a database there, copied from the template,
 * instead of an initdb, a server start and every migration of its own. Undefined where no
 * PostgreSQL server is installed (those files then fail with the reason, as before).
 */
export async function startRunCluster(): Promise<PostgresServer | undefined> {
  try {
    postgresBinDir();
  } catch {
    return undefined;
  }
  return startThrowawayCluster();
}

/**
 * A new database on an existing server, empty or a copy of `template` (a database nobody is
 * connected to); `close` drops it once its last connection is gone.
 */
export async function createServerDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<PostgresServer> {
  const name = `coj_test_${Math.random().toString(16).slice(2, 14)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = options.template ? ` template ${options.template}` : "";
    await admin.query(`create database ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await dropWhenFree(cleanup, name);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Drops the database once its last connection has gone (a closing pool may still be exiting). */
async function dropWhenFree(client: pg.Client, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === "55006";
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`No PostgreSQL server under ${root} (apt-get install postgresql)`);
  return path.join(root, newest, "bin");
}

/** A throwaway cluster that a test can stop and start again (a database outage). */
export interface StoppablePostgresServer extends PostgresServer {
  /** Stops the server as an operator would (`pg_ctl stop -m fast`: open connections are cut). */
  stop(): Promise<void>;
  /** Starts it again on the same socket; the data is kept. */
  start(): Promise<void>;
}

/**
 * A cluster of its own (initdb + pg_ctl on a Unix socket), never the run's shared one, since the
 * test stops it.
 */
export async function startStoppablePostgres(): Promise<StoppablePostgresServer> {
  return startThrowawayCluster();
}

async function startThrowawayCluster(): Promise<StoppablePostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), "coj-pg-"));
  const dataDir = path.join(dir, "data");
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  await exec("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = [
    "-c listen_addresses=''",
    `-k ${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = async () => {
    await exec("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-o",
      options,
      "start",
    ]);
  };
  await start();
  return {
    url: `postgres://postgres@${encodeURIComponent(dir)}/postgres`,
    start,
    async stop() {
      await exec("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
    async close() {
      await exec("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
