import type { MatchTimes } from "../../shared/booking";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import type { Interval } from "../scheduling/intervals";
import { matchSchedules } from "../scheduling/match-schedules";
import { matchProposals } from "../scheduling/match-times";
import { keepRefusedTimes } from "../scheduling/refused-times";
import { lockMemberMatch } from "./open-pairing";

const asTimes = (times: Interval[]): MatchTimes => ({
  times: times.map((time) => ({ start: time.start.toISOString(), end: time.end.toISOString() })),
});

/**
 * Three times for the match's chat that fit every member (docs/scheduling.md, "Booking"), for a
 * member of the match only (404 to anyone else); none once the match no longer runs. The booked
 * time, if any, is not among them: they are the times to move it to.
 */
export async function matchTimes(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<MatchTimes> {
  // Membership first: nobody outside the match makes its calendars be read.
  const { members } = await matchSchedules(ctx.db, matchId);
  if (!members.some((member) => member.userId === userId)) throw new NotFound("Match not found");
  return asTimes((await matchProposals(ctx, [matchId])).get(matchId)?.times ?? []);
}

/**
 * "None of these fit": the starts shown are kept as refused for the match (each with the hour
 * either side), so nobody in it is proposed them again, and three new times are answered. Under
 * the pairing's lock, the membership read again inside it (open-pairing.ts); 409 once the
 * pairing is completed.
 */
export async function refuseMatchTimes(
  ctx: AppContext,
  userId: string,
  matchId: number,
  starts: readonly string[],
): Promise<MatchTimes> {
  await ctx.db.transaction(async (tx) => {
    await lockMemberMatch(
      tx,
      userId,
      matchId,
      "Match not found",
      "its chat can no longer be scheduled",
    );
    await keepRefusedTimes(
      tx,
      matchId,
      starts.map((start) => new Date(start)),
      ctx.clock.now(),
    );
  });
  return matchTimes(ctx, userId, matchId);
}
