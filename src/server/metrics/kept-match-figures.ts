import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { memberViewVersions } from "../db/schema";

/*
 * Figures counted over every match (the admin's month counts and totals) are kept per app process
 * and counted again only when a match, a member's answer or a pairing's status has changed since.
 * The triggers of decision 0025 bump a person's view version on each such change, so the sum of
 * all view versions grows with every one of them; it is read in the same snapshot as the figures
 * (one repeatable-read transaction), so kept figures are never older than the state that sum
 * describes, in any number of app processes (docs/performance.md, "100,000 employees").
 */

interface Kept {
  version: string;
  value: unknown;
}

const keptFigures = new WeakMap<Db, Map<string, Kept>>();

const versionSumSql = sql<string>`coalesce(sum(${memberViewVersions.version}), 0)::text`;

/** `count`'s figures for `key`, counted again only when the matches changed since they were kept. */
export async function keptMatchFigures<T>(
  db: Db,
  key: string,
  count: (tx: Tx) => Promise<T>,
): Promise<T> {
  let kept = keptFigures.get(db);
  if (!kept) {
    kept = new Map();
    keptFigures.set(db, kept);
  }
  const figures = kept;
  return db.transaction(
    async (tx) => {
      const [{ version }] = await tx.select({ version: versionSumSql }).from(memberViewVersions);
      const found = figures.get(key);
      if (found?.version === version) return found.value as T;
      const value = await count(tx);
      figures.set(key, { version, value });
      return value;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
