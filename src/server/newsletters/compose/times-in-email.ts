import { and, desc, eq, inArray } from "drizzle-orm";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import { getAuthSecret } from "../../app-secret";
import type { AppContext } from "../../context";
import { matches, matchMembers } from "../../db/schema";
import type { ProposedTimesView } from "../../mail/templates/views";
import { matchProposals } from "../../scheduling/match-times";
import { labelledTimes, linkedTimesFor } from "../../scheduling/proposed-times-for";

/** Times read for a batch are used for its deliveries only while this fresh (a slow SMTP server). */
const FRESH_MS = 5 * 60_000;

/** The times a match e-mail proposes to its readers, read for a batch of them at once. */
export interface MatchTimesOf {
  /** Reads the times of these readers' matches, once per match, for `timesOf` to hand out. */
  prepare(userIds: readonly string[]): Promise<void>;
  /** One reader's times: those `prepare` read for them (each used once), else read now. */
  timesOf(userId: string): Promise<ProposedTimesView | null>;
}

/**
 * The times a match e-mail proposes to the readers of a pairing (docs/scheduling.md, "Booking from
 * an e-mail"): each reader's active match's three times in their zone, each with its signed
 * booking link; null when the pairing no longer runs (a completed record), they have no match in
 * it, or no time fits. The times are the match's (`matchProposals`, computed once for everyone in
 * it and for a whole delivery batch); only the zone and the links are the reader's. Reads the
 * calendar when what is kept is stale: call it at delivery, outside any transaction. The auth
 * secret is read once per composition.
 */
export function matchTimesOf(ctx: AppContext, pairingFile: string | null): MatchTimesOf {
  const pairingId = pairingFile ? parseActivePairingFile(pairingFile) : null;
  let secret: Promise<string> | undefined;
  let prepared = new Map<string, ProposedTimesView | null>();
  let preparedAt = 0;

  const read = async (userIds: readonly string[]) => {
    const found = new Map<string, ProposedTimesView | null>();
    if (pairingId === null || userIds.length === 0) return found;
    const matchOf = await activeMatchesOf(ctx, pairingId, userIds);
    const proposals = await matchProposals(ctx, [...new Set(matchOf.values())]);
    secret ??= getAuthSecret(ctx);
    const key = await secret;
    for (const [userId, matchId] of matchOf) {
      const proposal = proposals.get(matchId);
      const linked = proposal && linkedTimesFor(ctx, key, { matchId, proposal }, userId);
      if (!linked?.times.length) continue;
      found.set(userId, labelledTimes(linked));
    }
    return found;
  };

  return {
    async prepare(userIds) {
      prepared = await read(userIds);
      for (const userId of userIds) if (!prepared.has(userId)) prepared.set(userId, null);
      preparedAt = ctx.clock.now().getTime();
    },
    async timesOf(userId) {
      const fresh = ctx.clock.now().getTime() - preparedAt <= FRESH_MS;
      if (fresh && prepared.has(userId)) {
        const times = prepared.get(userId) ?? null;
        prepared.delete(userId);
        return times;
      }
      return (await read([userId])).get(userId) ?? null;
    },
  };
}

/**
 * Each reader's active match in the pairing (the newest, should there be two), by reader. The
 * readers' own matches are named by id as well: without it the planner reads every match of the
 * pairing for each batch (docs/performance.md, "Newsletter send").
 */
async function activeMatchesOf(
  ctx: AppContext,
  pairingId: number,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const readers = [...new Set(userIds)];
  const theirMatches = ctx.db
    .select({ id: matchMembers.matchId })
    .from(matchMembers)
    .where(inArray(matchMembers.userId, readers));
  const rows = await ctx.db
    .select({ userId: matchMembers.userId, matchId: matchMembers.matchId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(
      and(
        eq(matches.pairingId, pairingId),
        eq(matches.status, "active"),
        inArray(matchMembers.userId, readers),
        inArray(matches.id, theirMatches),
      ),
    )
    .orderBy(desc(matches.id));
  const found = new Map<string, number>();
  for (const row of rows) if (!found.has(row.userId)) found.set(row.userId, row.matchId);
  return found;
}
