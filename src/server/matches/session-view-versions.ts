import DataLoader from "dataloader";
import { eq } from "drizzle-orm";
import { liveSessionsCondition, sessionTimes, settleSession } from "../auth/session-store";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { memberViewVersions, sessions, users, viewVersion } from "../db/schema";
import { sessionColumns, type ViewVersions } from "./member-match-queries";

/*
 * While a person's view is the one kept (member-view-cache.ts), a read needs only their session,
 * the whitelist check and the versions of their view. Every read still asks the database, but
 * the reads that arrive in the same turn of the event loop ask together: one statement for all
 * their sessions, started after each of them arrived. Under load the statement's fixed cost (a
 * round trip, a backend woken, a plan set up) is shared by the batch; a lone read is a batch of
 * one (docs/performance.md, "Reads that arrive together ask together").
 */

/** At most this many sessions per statement; more are split across statements sent together. */
const MAX_BATCH = 100;

/** The sessions with their person's view versions (placeholders: `hashes`, `now`, `idleSince`). */
export function sessionsViewVersionsQuery(db: Db) {
  return db
    .select({ ...sessionColumns, hash: sessions.sessionHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(viewVersion, eq(viewVersion.id, 1))
    .leftJoin(memberViewVersions, eq(memberViewVersions.userId, users.id))
    .where(liveSessionsCondition);
}

const viewVersionsStatement = (db: Db) =>
  sessionsViewVersionsQuery(db).prepare("sessions_view_versions");

type Found = Awaited<ReturnType<ReturnType<typeof viewVersionsStatement>["execute"]>>[number];

const loaders = new WeakMap<AppContext, DataLoader<string, Found | null>>();

function loaderOf(ctx: AppContext): DataLoader<string, Found | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    const statement = viewVersionsStatement(ctx.db);
    loader = new DataLoader(
      async (hashes) => {
        const rows = await statement.execute({
          hashes: [...new Set(hashes)],
          ...sessionTimes(ctx),
        });
        const byHash = new Map(rows.map((row) => [row.hash, row]));
        return hashes.map((hash) => byHash.get(hash) ?? null);
      },
      // Nothing is kept between reads (every read asks the database); setImmediate gathers the
      // reads of every connection whose request arrived in this turn, not only this one's.
      { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
    loaders.set(ctx, loader);
  }
  return loader;
}

/**
 * The versions of the view of the person whose session has the hash `sessionHash`, or null
 * (signed out) under the rules of every session lookup (settleSession); reads no match.
 */
export async function sessionViewVersions(
  ctx: AppContext,
  sessionHash: string,
): Promise<ViewVersions | null> {
  const row = await loaderOf(ctx).load(sessionHash);
  if (!row) return null;
  const { memberVersion, everyoneVersion, hash: _hash, ...found } = row;
  if (!(await settleSession(ctx, found))) return null;
  return { member: memberVersion, everyone: everyoneVersion };
}
