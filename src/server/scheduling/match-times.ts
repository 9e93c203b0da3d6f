import { eq } from "drizzle-orm";
import { CHAT_DURATION_MINUTES } from "../../shared/matches";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { matchBusyTimes } from "../db/schema";
import { calendarProvider } from "./calendar-provider";
import type { Interval } from "./intervals";
import { keptBusyTimes, readMatchBusyTimes } from "./match-busy-times";
import type { MemberSchedule } from "./match-schedules";
import { countedDays, proposeTimes, type SchedulingMember, sharedFreeTime } from "./propose-times";
import { refusedTimes } from "./refused-times";

/** Times are proposed, and may be booked, within this many working days (docs/scheduling.md). */
const WORKING_DAYS = 10;
const MINUTE_MS = 60_000;
const CHAT_MS = CHAT_DURATION_MINUTES * MINUTE_MS;
/** A refused time takes the hour either side with it: a time next to it is unlikely to fit. */
const REFUSED_MARGIN_MS = 60 * MINUTE_MS;
const GRID_MS = 30 * MINUTE_MS;
/** Busy time read from the calendar this recently is used again without asking the service. */
const FRESH_MS = 15 * MINUTE_MS;
/** How far ahead busy time is read: ten working days always fall inside three weeks. */
const READ_AHEAD_MS = 21 * 24 * 60 * MINUTE_MS;

/**
 * The members as the proposer takes them: their zone and hours, the busy time kept for the match,
 * and every refused time (with its margin) and the booked chat (`booked`) as busy for everyone.
 */
async function schedulingMembers(
  db: Db,
  matchId: number,
  members: readonly MemberSchedule[],
  booked?: Date,
): Promise<SchedulingMember[]> {
  const busy = await keptBusyTimes(db, matchId);
  const taken: Interval[] = (await refusedTimes(db, matchId)).map((start) => ({
    start: new Date(start.getTime() - REFUSED_MARGIN_MS),
    end: new Date(start.getTime() + CHAT_MS + REFUSED_MARGIN_MS),
  }));
  if (booked) taken.push({ start: booked, end: new Date(booked.getTime() + CHAT_MS) });
  return members.map((member) => ({
    timeZone: member.timeZone,
    workingHours: member.workingHours,
    busy: [...(busy.get(member.userId) ?? []), ...taken],
  }));
}

/**
 * Three times for the match's chat from the day after `now` (docs/scheduling.md, "How times are
 * chosen"), neither refused nor the booked one. Reads the kept busy time only: call
 * `refreshBusyTimes` first, outside any transaction.
 */
export async function proposedMatchTimes(
  db: Db,
  matchId: number,
  members: readonly MemberSchedule[],
  now: Date,
  booked?: Date,
): Promise<Interval[]> {
  if (members.length === 0) return [];
  return proposeTimes({
    members: await schedulingMembers(db, matchId, members, booked),
    from: now,
    workingDays: WORKING_DAYS,
  });
}

/**
 * Whether a chat starting at `start` fits everyone (docs/scheduling.md, "Booking"): on the hour or
 * half hour, not before `now`, within the next ten working days of the organiser, inside every
 * member's working hours and outside their kept busy time and the refused times.
 */
export async function fitsEveryone(
  db: Db,
  matchId: number,
  members: readonly MemberSchedule[],
  start: Date,
  now: Date,
): Promise<boolean> {
  const at = start.getTime();
  if (members.length === 0 || at % GRID_MS !== 0 || at < now.getTime()) return false;
  const scheduling = await schedulingMembers(db, matchId, members);
  const days = countedDays(scheduling[0], now.getTime(), WORKING_DAYS);
  const end = days.at(-1)?.end ?? now.getTime();
  return sharedFreeTime(scheduling, now.getTime(), end).some(
    (span) => span.start <= at && at + CHAT_MS <= span.end,
  );
}

/**
 * Reads the members' busy time from the company's calendar, unless none is connected or what is
 * kept was read in the last 15 minutes for long enough ahead. A calendar that fails leaves what
 * was kept (readMatchBusyTimes reports why).
 */
export async function refreshBusyTimes(ctx: AppContext, matchId: number): Promise<void> {
  const provider = calendarProvider(ctx.config);
  if (!provider) return;
  const now = ctx.clock.now().getTime();
  const to = new Date(now + READ_AHEAD_MS);
  const kept = await ctx.db
    .select({ readAt: matchBusyTimes.readAt, readTo: matchBusyTimes.readTo })
    .from(matchBusyTimes)
    .where(eq(matchBusyTimes.matchId, matchId));
  const fresh =
    kept.length > 0 &&
    kept.every(
      (row) =>
        row.readAt.getTime() > now - FRESH_MS && row.readTo.getTime() >= to.getTime() - FRESH_MS,
    );
  if (fresh) return;
  await readMatchBusyTimes(ctx, matchId, new Date(now), to, provider);
}
