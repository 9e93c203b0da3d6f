import type { MatchTimeZones } from "../../shared/working-hours";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { matchSchedules } from "../scheduling/match-schedules";

/**
 * Each member's zone and working hours (their own, else the company's), for a member of the match
 * only (docs/matches.md, "Time zones"): the card shows a partner's times in the reader's zone.
 */
export async function matchTimeZones(
  ctx: Pick<AppContext, "db">,
  userId: string,
  matchId: number,
): Promise<MatchTimeZones> {
  const { members } = await matchSchedules(ctx.db, matchId);
  if (!members.some((member) => member.userId === userId)) {
    throw new NotFound("This match was not found.");
  }
  return {
    members: members.map(({ userId, timeZone, workingHours }) => ({
      userId,
      timeZone,
      workingHours,
    })),
  };
}
