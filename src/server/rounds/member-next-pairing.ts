import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq } from "drizzle-orm";
import type { NextPairingResponse } from "../../shared/matches";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { nextPairingDay, readPairingSchedule } from "../dates/month-dates";
import { domainGroups, users } from "../db/schema";
import { getRoundSettings, getTimeZone } from "./round-settings";

/**
 * The next pairing day of the member's own round (docs/matches.md, "Next pairing"): their active
 * domain group's schedule, else the company-wide round's, else the company's; the first such day
 * strictly after today in the company's time zone.
 */
export async function getMemberNextPairing(
  ctx: AppContext,
  userId: string,
): Promise<NextPairingResponse> {
  const scopeKey = await scopeKeyOf(ctx, userId);
  const timeZone = await getTimeZone(ctx.db);
  const own = (await getRoundSettings(ctx.db, [scopeKey])).get(scopeKey)?.schedule;
  const schedule = own ?? (await readPairingSchedule(ctx));
  // The company's calendar day as a UTC midnight, the form nextPairingDay reads.
  const local = new TZDate(ctx.clock.now().getTime(), timeZone);
  const today = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
  const day = nextPairingDay(today, schedule);
  // A local-time Date with the same calendar day, so date-fns prints that day in any server zone.
  const shown = new Date(day.year, day.month, day.day);
  return { date: format(shown, "EEEE, MMMM d, yyyy"), iso: format(shown, "yyyy-MM-dd") };
}

/** The round the member is in: their whitelist entry's group when it is active, else `all`. */
async function scopeKeyOf(ctx: AppContext, userId: string): Promise<string> {
  const [found] = await ctx.db
    .select({ groupId: domainGroups.id })
    .from(users)
    .innerJoin(
      domainGroups,
      and(
        eq(domainGroups.id, whitelistEntrySql(users.email, "domain_group_id")),
        eq(domainGroups.isActive, true),
      ),
    )
    .where(eq(users.id, userId));
  return found ? String(found.groupId) : "all";
}
