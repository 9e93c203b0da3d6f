import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** A fixed key: the start-time writes of app processes starting together run one at a time. */
const START_LOCK_KEY = 727_002;

/**
 * Runs a start's writes (the admin from the environment, the sample company, the setup address)
 * in one transaction under an advisory lock, so processes started at the same moment take turns
 * and each re-reads what the one before it wrote (docs/operations.md, "Starting several
 * processes"). On the embedded database the lock is taken as well; there is one process anyway.
 */
export function underStartLock<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(START_LOCK_KEY))})`);
    return work(tx);
  });
}
