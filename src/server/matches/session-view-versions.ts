import { eq } from "drizzle-orm";
import { liveSessionsCondition, sessionBatchLoader, settleSession } from "../auth/session-store";
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

const loaderOf = sessionBatchLoader((ctx) =>
  sessionsViewVersionsQuery(ctx.db).prepare("sessions_view_versions"),
);

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
