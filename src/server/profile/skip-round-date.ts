import { eq } from "drizzle-orm";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { shiftMonth } from "../pairings/generate/months";
import { dayOf } from "../pairings/members/scope";
import { nextRound, roundDates } from "../rounds/round-dates";
import {
  dateRule,
  getRoundSettings,
  listRoundScopes,
  loadDateContext,
} from "../rounds/round-settings";

/**
 * The day a "skip next month" pause ends (docs/check-ins.md, "Skip next month"): the draft day of
 * the round after the next one of the person's scope. The draft judges eligibility on its own day
 * (rounds/compose-draft.ts), so the person is left out of the next round's draft and is back in
 * the draft after it. "Next" is the first round whose review window has not opened yet.
 */
export async function skipRoundEndDate(ctx: AppContext, userId: string): Promise<string> {
  const scopeKey = await roundScopeOf(ctx, userId);
  const [settings, { companySchedule, timeZone }] = await Promise.all([
    getRoundSettings(ctx.db, [scopeKey]),
    loadDateContext(ctx),
  ]);
  const stored = settings.get(scopeKey);
  if (!stored) throw new Error(`No round settings for scope ${scopeKey}`);
  const rule = dateRule(stored, companySchedule, timeZone);
  const next = nextRound(ctx.clock.now(), rule);
  return dayOf(roundDates(shiftMonth(next.month, 1), rule).draftAt);
}

/** The person's group when it has rounds of its own (an active group), else company-wide. */
async function roundScopeOf(ctx: AppContext, userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ groupId: whitelistEntrySql(users.email, "domain_group_id").mapWith(Number) })
    .from(users)
    .where(eq(users.id, userId));
  const scopes = await listRoundScopes(ctx.db);
  const own = row?.groupId ? scopes.find((s) => s.domainGroupId === row.groupId) : undefined;
  return own?.key ?? "all";
}
