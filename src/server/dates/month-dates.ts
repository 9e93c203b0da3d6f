import { eq } from "drizzle-orm";
import { type Day, pairingDayOf, publishTimeOf } from "../../shared/pairing-day";
import { shiftMonth } from "../../shared/round-dates";
import {
  defaultPairingSchedule,
  type PairingSchedule,
  pairingScheduleSchema,
} from "../../shared/rounds";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { roundSettings, settings } from "../db/schema";

/**
 * The month's calendar, in one place (docs/architecture.md, "Words"): months as "yyyy-MM", the
 * pairing day of a month under the company's schedule (docs/rounds.md "When"), whole-month shifts,
 * and the day or month of an instant: in UTC where every process must agree on it (`utcDayOf`,
 * `utcMonthOf`), in the company's zone where a person's day counts (`monthIn`). The pairing day,
 * the month arithmetic (`monthIn` among it) and the dates of a round are shared with the sample
 * dashboard (src/shared/pairing-day.ts, src/shared/round-dates.ts).
 */

export { type Day, pairingDayOf } from "../../shared/pairing-day";
export { monthKey, shiftMonth } from "../../shared/round-dates";

/** Calendar day ("yyyy-MM-dd") and month ("yyyy-MM") of an instant in UTC, so every process agrees on them. */
export const utcDayOf = (now: Date) => now.toISOString().slice(0, 10);
export const utcMonthOf = (now: Date) => now.toISOString().slice(0, 7);

export const PAIRING_SCHEDULE_KEY = "pairing_schedule";

/** The `pairing_schedule` setting: the company's schedule (shared/rounds.ts), by default the first Monday. */
export async function readPairingSchedule(ctx: Pick<AppContext, "db">): Promise<PairingSchedule> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, PAIRING_SCHEDULE_KEY));
  const parsed = pairingScheduleSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultPairingSchedule;
}

const dayValue = (d: Day) => Date.UTC(d.year, d.month, d.day);

/**
 * A round's draft day ("yyyy-MM-dd", UTC), the day it judges who is ready (docs/rounds.md): its
 * pairing day less the review days.
 */
export const draftDayOf = (pairingDay: Day, reviewDays: number) =>
  new Date(Date.UTC(pairingDay.year, pairingDay.month, pairingDay.day - reviewDays))
    .toISOString()
    .slice(0, 10);

/**
 * The next scheduled pairing day strictly after `now`'s UTC day (today's pairing has already run);
 * a member's is asked with their company-zone day (rounds/member-next-pairing.ts).
 */
export function nextPairingDay(now: Date, schedule: PairingSchedule): Day {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth(), day: now.getUTCDate() };
  if (schedule.type === "fixed") {
    const [year, month, day] = schedule.date.split("-").map(Number);
    const fixed = { year, month: month - 1, day };
    if (dayValue(fixed) > dayValue(today)) return fixed;
    return nextPairingDay(now, defaultPairingSchedule);
  }
  const thisMonth = pairingDayOf(today.year, today.month, schedule);
  if (dayValue(thisMonth) > dayValue(today)) return thisMonth;
  const next = new Date(Date.UTC(today.year, today.month + 1, 1));
  return pairingDayOf(next.getUTCFullYear(), next.getUTCMonth(), schedule);
}

/**
 * When a month's round completes: the next month's pairing day at the step hour in the zone,
 * when the next round is published (docs/rounds.md, "When"). Chats are proposed and booked only
 * before it (docs/scheduling.md).
 */
export function roundCompletesAt(month: string, schedule: PairingSchedule, timeZone: string): Date {
  return publishTimeOf(shiftMonth(month, 1), schedule, timeZone);
}

/** The schedule a scope's rounds follow: its own (round settings), else the company's. */
export async function scopeSchedule(db: Db | Tx, scopeKey: string): Promise<PairingSchedule> {
  const [own] = await db
    .select({ schedule: roundSettings.schedule })
    .from(roundSettings)
    .where(eq(roundSettings.scopeKey, scopeKey));
  const parsed = pairingScheduleSchema.safeParse(own?.schedule);
  if (parsed.success) return parsed.data;
  const [company] = await db.select().from(settings).where(eq(settings.key, PAIRING_SCHEDULE_KEY));
  const companyParsed = pairingScheduleSchema.safeParse(company?.value);
  return companyParsed.success ? companyParsed.data : defaultPairingSchedule;
}
