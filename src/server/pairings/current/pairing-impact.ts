import { eq, sql } from "drizzle-orm";
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
 * with a booked chat still to come, which completing keeps. Read-only, in one statement.
 */
export async function pairingImpact(ctx: AppContext, pairingId: number): Promise<PairingImpact> {
  const now = ctx.clock.now().toISOString();
  const ofPairing = sql`${matches.pairingId} = ${pairings.id}`;
  const ofRunning = sql`${ofPairing} and ${matches.status} = 'active'`;
  const [pairing] = await ctx.db
    .select({
      status: pairings.status,
      announcedAt: pairings.announcedAt,
      matches: sql<number>`(select count(*) from ${matches} where ${ofPairing})::int`,
      people: sql<number>`(select count(distinct ${matchMembers.userId}) from ${matchMembers}
        join ${matches} on ${matches.id} = ${matchMembers.matchId} where ${ofPairing})::int`,
      unanswered: sql<number>`(select count(*) filter (where ${countedOnlyByCompletingSql})
        from ${matches} where ${ofRunning})::int`,
      bookedAhead: sql<number>`(select count(*) filter (where exists (select 1 from ${matchCalendarEvents} e
        where e.match_id = ${matches.id} and e.cancelled_at is null
          and e.starts_at > ${now}::timestamptz)) from ${matches} where ${ofRunning})::int`,
    })
    .from(pairings)
    .where(eq(pairings.id, pairingId));
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active") {
    throw new Conflict(
      "A completed pairing is part of the match history and cannot be deleted.",
      "pairing_completed",
    );
  }
  return {
    matches: pairing.matches,
    people: pairing.people,
    told: pairing.announcedAt !== null,
    unanswered: pairing.unanswered,
    bookedAhead: pairing.bookedAhead,
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
