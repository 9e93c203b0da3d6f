import { eq } from "drizzle-orm";
import type { MatchTimeZones } from "../../shared/working-hours";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { matchSchedules } from "../scheduling/match-schedules";

/**
 * Each member's zone and working hours (their own, else the company's), for a member of the match
 * only, and only while it runs (docs/matches.md, "Time zones"): the card shows a partner's times
 * in the reader's zone. Once the match or its pairing is completed, a former partner's zone and
 * hours are theirs again (409), as `/times` proposes nothing then. The reader's own zone may not
 * be confirmed yet (docs/profile.md): the card then points to the Profile's question.
 */
export async function matchTimeZones(
  ctx: Pick<AppContext, "db">,
  userId: string,
  matchId: number,
): Promise<MatchTimeZones> {
  const { members, running } = await matchSchedules(ctx.db, matchId);
  if (!members.some((member) => member.userId === userId)) {
    throw new NotFound("This match was not found.");
  }
  if (!running) {
    throw new Conflict(
      "This match has ended, so its members' time zones and working hours are no longer shown.",
      "match_ended",
    );
  }
  const [reader] = await ctx.db
    .select({ confirmed: users.timeZoneConfirmed })
    .from(users)
    .where(eq(users.id, userId));
  return {
    members: members.map(({ userId, timeZone, workingHours }) => ({
      userId,
      timeZone,
      workingHours,
    })),
    yourTimeZoneConfirmed: reader?.confirmed ?? false,
  };
}
