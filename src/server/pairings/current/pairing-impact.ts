import { and, eq, sql } from "drizzle-orm";
import type { PairingImpact } from "../../../shared/impact";
import type { AppContext } from "../../context";
import { matchCalendarEvents, matches, matchMembers, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { answerNotMissedSql, chatHappenedSql } from "../../match-members/chat-happened-sql";

/**
 * What deleting the running pairing `pairingId` would touch, for its confirmation
 * (docs/pairings.md, "Who is excluded, and the Operations tab"): its matches, the people in them,
 * and whether they were told of them (the pairing's announcement or newsletter began: its
 * `announced_at`, which delete-pairing.ts reads to decide whom it tells); and, for the Complete
 * confirmation, the matches completing would count as chats though nobody answered Met, and those
 * with a booked chat still to come, which completing keeps. Read-only.
 */
export async function pairingImpact(ctx: AppContext, pairingId: number): Promise<PairingImpact> {
  const [pairing] = await ctx.db
    .select({ status: pairings.status, announcedAt: pairings.announcedAt })
    .from(pairings)
    .where(eq(pairings.id, pairingId));
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active") {
    throw new Conflict(
      "A completed pairing is part of the match history and cannot be deleted.",
      "pairing_completed",
    );
  }
  const [counts] = await ctx.db
    .select({
      matches: sql<number>`count(distinct ${matches.id})::int`,
      people: sql<number>`count(distinct ${matchMembers.userId})::int`,
    })
    .from(matches)
    .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .where(eq(matches.pairingId, pairingId));
  const [completing] = await ctx.db
    .select({
      unanswered: sql<number>`(count(*) filter (where ${countedOnlyByCompletingSql}))::int`,
      bookedAhead: sql<number>`(count(*) filter (where exists (select 1 from ${matchCalendarEvents} e
        where e.match_id = ${matches.id} and e.cancelled_at is null
          and e.starts_at > ${ctx.clock.now().toISOString()}::timestamptz)))::int`,
    })
    .from(matches)
    .where(and(eq(matches.pairingId, pairingId), eq(matches.status, "active")));
  return {
    matches: counts.matches,
    people: counts.people,
    told: pairing.announcedAt !== null,
    ...completing,
  };
}

/**
 * An active match that has not happened yet and that completing would count as happened (the
 * rule's "otherwise it happened when it was marked completed", chat-happened-sql.ts): nobody
 * answered Met, and someone did not answer Missed.
 */
const countedOnlyByCompletingSql = sql`(not ${chatHappenedSql} and exists (
  select 1 from ${matchMembers} where ${matchMembers.matchId} = ${matches.id}
    and ${answerNotMissedSql(matchMembers.answer)}))`;
