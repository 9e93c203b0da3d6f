import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import pino from "pino";
import { repoRoot } from "../repo-root";
import { withAfterCommitHooks } from "./after-commit";
import { type DataDirLock, lockDataDir } from "./data-dir-lock";
import { drizzleParsersOnce } from "./drizzle-parsers-once";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every service takes: PGlite and node-postgres share the PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A PostgreSQL server only: the connections of this process's pool, for /metrics. */
  poolStats?(): PoolStats;
  /** Embedded only: the data folder as a tarball, for `loadDataDir` (test snapshots). */
  dumpDataDir?(): Promise<Blob>;
}

// From the repository root, so the compiled server (dist/server) finds the same folder.
export const migrationsFolder = path.join(repoRoot, "src", "server", "db", "migrations");

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never
 * shrinks, and made up most of the idle server's memory. Table files are read through Node's file
 * system and so cached by the operating system as well; 32 MB holds a company of 10,000 people's
 * hot rows (docs/performance.md).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/** A fixed key so that several app processes starting at once apply migrations one at a time. */
const MIGRATION_LOCK_KEY = 727_001;

export interface OpenDatabaseOptions {
  /** `postgres://…` for a server; otherwise PGlite in `dataDir` (or in memory when `dataDir` is absent). */
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * Where a PostgreSQL connection lost while idle is reported: the server passes its pino logger;
   * commands and tests get a pino logger of errors on standard error.
   */
  log?: DatabaseLog;
  /** Called with the text of every statement the app runs (tests count statements with it). */
  logQuery?: (query: string) => void;
  /**
   * Embedded only: start from this data folder tarball instead of an empty database (in memory,
   * or in a `dataDir` that holds no database yet).
   */
  loadDataDir?: Blob;
}

/** The connections of a pool: open ones, idle ones, queries waiting for one, and its size. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * How long a query waits for a connection before it fails: a server that does not answer (a
 * stopped host, a full network queue) turns into a 503 a client can retry instead of a request
 * that hangs (docs/monitoring.md, "A database outage").
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** The part of a pino logger the database uses. */
export type DatabaseLog = { error(details: object, message: string): void };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const log = options.log ?? pino({ level: "error" }, pino.destination(2));
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, log, options.logQuery);
  }
  return openPglite(options.dataDir, options.logQuery, options.loadDataDir);
}

/** Drizzle's options: the schema, and the statement log when one is asked for. */
const drizzleOptions = (logQuery?: (query: string) => void) => ({
  schema,
  logger: logQuery ? { logQuery } : undefined,
});

async function openPglite(
  dataDir?: string,
  logQuery?: (query: string) => void,
  loadDataDir?: Blob,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process per folder: a second one refuses to start (data-dir-lock.ts).
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    return await startPglite(dataDir, logQuery, loadDataDir, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function startPglite(
  dataDir: string | undefined,
  logQuery: ((query: string) => void) | undefined,
  loadDataDir: Blob | undefined,
  lock: DataDirLock | undefined,
): Promise<Database> {
  // The options form: `new PGlite(undefined, options)` ignores the extensions of an in-memory one.
  const client = new PGlite({
    dataDir,
    loadDataDir,
    // Trigram indexes for the admin user search (migration 0007).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const db = withAfterCommitHooks(
    drizzlePglite(drizzleParsersOnce(client), drizzleOptions(logQuery)) as unknown as Db,
  );
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** How long a stop waits for the pool's connections to be given back before it goes on without. */
const POOL_END_DEADLINE_MS = 5_000;

/**
 * `pool.end()` waits for every checked-out connection. drizzle's node-postgres transaction sends
 * BEGIN before its try/finally, so a BEGIN that fails while the server is away never gives its
 * connection back, and a stop after an outage would wait forever (docs/monitoring.md, "Stopping").
 */
async function endWithin(pool: pg.Pool, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([pool.end(), deadline]).finally(() => clearTimeout(timer));
}

/**
 * The PostgreSQL client and Drizzle's driver for it, loaded when a process opens a server's
 * database: an install on the embedded database never needs them (about 0.06 s of every start;
 * docs/performance.md, "A lighter start").
 */
async function postgresDriver() {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] =
    await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
  return { pg, drizzleNodePg, migrateNodePg };
}

async function openPostgres(
  url: string,
  max: number,
  log: DatabaseLog,
  logQuery?: (query: string) => void,
): Promise<Database> {
  const { pg, drizzleNodePg, migrateNodePg } = await postgresDriver();
  // No JIT compilation: the admin's aggregates cost enough to trigger it and then spent seconds
  // compiling for a scan of milliseconds (docs/decisions/0023-admin-aggregates-without-jit.md).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: "-c jit=off",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => {
    log.error({ err: error }, "PostgreSQL connection lost");
  });
  // A connection lost while checked out (between the statements of a transaction) is emitted on
  // its client, where no listener would crash the process; the statement that next uses it fails
  // and reports it, and the pool drops the client when it is given back.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = withAfterCommitHooks(drizzleNodePg(pool, drizzleOptions(logQuery)) as unknown as Db);
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder });
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => endWithin(pool, POOL_END_DEADLINE_MS),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
  };
}
