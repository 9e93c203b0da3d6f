import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { NextPairingResponse } from "../../shared/matches";
import type { AppContext } from "../context";
import { settings } from "../db/schema";

export const PAIRING_SCHEDULE_KEY = "pairing_schedule";

/**
 * The `pairing_schedule` setting: either the nth weekday of every month (weekday 0 = Sunday) or
 * one fixed day. The default is the first Monday of the month.
 */
export const pairingScheduleSchema = z.union([
  z.object({
    type: z.literal("nth-weekday"),
    nth: z.number().int().min(1).max(4),
    weekday: z.number().int().min(0).max(6),
  }),
  z.object({ type: z.literal("fixed"), date: z.iso.date() }),
]);
export type PairingSchedule = z.infer<typeof pairingScheduleSchema>;

export const defaultPairingSchedule: PairingSchedule = { type: "nth-weekday", nth: 1, weekday: 1 };

type Day = { year: number; month: number; day: number };

function nthWeekday(year: number, month: number, nth: number, weekday: number): Day {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
  return { year, month, day };
}

const dayValue = (d: Day) => Date.UTC(d.year, d.month, d.day);

/** The next scheduled pairing day strictly after `now`'s UTC day (today's pairing has already run). */
export function nextPairingDay(now: Date, schedule: PairingSchedule): Day {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth(), day: now.getUTCDate() };
  if (schedule.type === "fixed") {
    const [year, month, day] = schedule.date.split("-").map(Number);
    const fixed = { year, month: month - 1, day };
    if (dayValue(fixed) > dayValue(today)) return fixed;
    return nextPairingDay(now, defaultPairingSchedule);
  }
  const thisMonth = nthWeekday(today.year, today.month, schedule.nth, schedule.weekday);
  if (dayValue(thisMonth) > dayValue(today)) return thisMonth;
  const next = new Date(Date.UTC(today.year, today.month + 1, 1));
  return nthWeekday(next.getUTCFullYear(), next.getUTCMonth(), schedule.nth, schedule.weekday);
}

export async function readPairingSchedule(ctx: AppContext): Promise<PairingSchedule> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, PAIRING_SCHEDULE_KEY));
  const parsed = pairingScheduleSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultPairingSchedule;
}

export async function getNextPairing(ctx: AppContext): Promise<NextPairingResponse> {
  const day = nextPairingDay(ctx.clock.now(), await readPairingSchedule(ctx));
  // A local-time Date with the same calendar day, so date-fns prints that day in any server zone.
  const local = new Date(day.year, day.month, day.day);
  return { date: format(local, "EEEE, MMMM d, yyyy"), iso: format(local, "yyyy-MM-dd") };
}
