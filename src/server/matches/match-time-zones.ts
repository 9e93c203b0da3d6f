import { and, asc, eq, sql } from "drizzle-orm";
import { isIanaTimeZone, type MatchTimeZones } from "../../shared/working-hours";
import type { AppContext } from "../context";
import { matchMembers, users } from "../db/schema";
import { NotFound } from "../errors";
import { isMemberSql } from "../match-members/match-members";
import { getTimeZone } from "../settings/time-zone";
import { getCompanyWorkingHours, ownHours } from "../settings/working-hours";

/**
 * Each member's zone and working hours (their own, else the company's), for a member of the match
 * only (docs/matches.md, "Time zones"): the card shows a partner's times in the reader's zone.
 */
export async function matchTimeZones(
  ctx: Pick<AppContext, "db">,
  userId: string,
  matchId: number,
): Promise<MatchTimeZones> {
  const rows = await ctx.db
    .select({
      userId: matchMembers.userId,
      timeZone: users.timeZone,
      workingHours: users.workingHours,
    })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .where(and(eq(matchMembers.matchId, matchId), isMemberSql(sql`${matchId}`, userId)))
    .orderBy(asc(matchMembers.position));
  if (rows.length === 0) throw new NotFound("This match was not found.");
  const companyZone = await getTimeZone(ctx.db);
  const companyHours = await getCompanyWorkingHours(ctx.db);
  return {
    members: rows.map((row) => ({
      userId: row.userId,
      timeZone: row.timeZone && isIanaTimeZone(row.timeZone) ? row.timeZone : companyZone,
      workingHours: ownHours(row.workingHours) ?? companyHours,
    })),
  };
}
