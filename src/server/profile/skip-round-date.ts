import { and, eq } from "drizzle-orm";
import { defaultRoundSettings, pairingScheduleSchema } from "../../shared/rounds";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { draftDayOf, pairingDayOf, readPairingSchedule } from "../dates/month-dates";
import { domainGroups, roundSettings, users } from "../db/schema";

const DAY_MS = 86_400_000;

/**
 * The day a "skip next month" pause ends (docs/check-ins.md, "Skip next month"): the day before
 * the draft day of the round after the next one of the person's scope. A round's draft judges
 * eligibility on its own day (docs/rounds.md), so the person is left out of the next round and
 * back for the one after; a day early, so that no company time zone puts the draft's UTC day
 * before the pause's end. "Next" is the first round whose draft day is still to come. Reads the
 * round settings table directly rather than the rounds module, which depends on this folder.
 */
export async function skipRoundEndDate(ctx: AppContext, userId: string): Promise<string> {
  const { schedule, reviewDays } = await ruleOf(ctx, userId);
  const now = ctx.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const draftDay = (monthIndex: number) => {
    const year = Math.floor(monthIndex / 12);
    return Date.parse(draftDayOf(pairingDayOf(year, monthIndex - year * 12, schedule), reviewDays));
  };
  let month = now.getUTCFullYear() * 12 + now.getUTCMonth() - 1;
  while (draftDay(month) <= today) month++;
  return new Date(draftDay(month + 1) - DAY_MS).toISOString().slice(0, 10);
}

/** The person's group's schedule and review window when it has its own, else the company's. */
async function ruleOf(ctx: AppContext, userId: string) {
  const [person] = await ctx.db
    .select({ groupId: whitelistEntrySql(users.email, "domain_group_id") })
    .from(users)
    .where(eq(users.id, userId));
  const groupId = person?.groupId == null ? null : Number(person.groupId);
  const [activeGroup] =
    groupId === null
      ? []
      : await ctx.db
          .select({ id: domainGroups.id })
          .from(domainGroups)
          .where(and(eq(domainGroups.id, groupId), eq(domainGroups.isActive, true)));
  const scopeKey = activeGroup ? String(activeGroup.id) : "all";
  const [row] = await ctx.db
    .select()
    .from(roundSettings)
    .where(eq(roundSettings.scopeKey, scopeKey));
  const own = pairingScheduleSchema.safeParse(row?.schedule);
  return {
    schedule: own.success ? own.data : await readPairingSchedule(ctx),
    reviewDays: row?.reviewDays ?? defaultRoundSettings.reviewDays,
  };
}
