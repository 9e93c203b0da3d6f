import { and, eq, inArray, isNull } from "drizzle-orm";
import { CHAT_DURATION_MINUTES } from "../../shared/matches";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { matchBusyTimes, matchCalendarEvents } from "../db/schema";
import { calendarProvider } from "./calendar-service";
import type { Interval } from "./intervals";
import { keptBusyTimesOf, readMatchBusyTimes } from "./match-busy-times";
import { type MatchSchedules, type MemberSchedule, matchSchedulesOf } from "./match-schedules";
import { countedDays, proposeTimes, type SchedulingMember, sharedFreeTime } from "./propose-times";
import { refusedTimesOf } from "./refused-times";

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

/** What is taken out of a match's shared time besides working hours. */
interface TakenTimes {
  /** The busy time kept for the match, by member id. */
  busy: ReadonlyMap<string, Interval[]>;
  /** The starts refused with "None of these fit". */
  refused: readonly Date[];
  /** The booked chat's start, when the match has one. */
  booked?: Date;
}

/**
 * The members as the proposer takes them: their zone and hours, the busy time kept for the match,
 * and every refused time (with its margin) and the booked chat as busy for everyone.
 */
function schedulingMembers(
  members: readonly MemberSchedule[],
  taken: TakenTimes,
): SchedulingMember[] {
  const everyone: Interval[] = taken.refused.map((start) => ({
    start: new Date(start.getTime() - REFUSED_MARGIN_MS),
    end: new Date(start.getTime() + CHAT_MS + REFUSED_MARGIN_MS),
  }));
  if (taken.booked) {
    everyone.push({ start: taken.booked, end: new Date(taken.booked.getTime() + CHAT_MS) });
  }
  return members.map((member) => ({
    timeZone: member.timeZone,
    workingHours: member.workingHours,
    busy: [...(taken.busy.get(member.userId) ?? []), ...everyone],
  }));
}

/** A match's members and the times proposed for its chat (none once it no longer runs). */
export interface MatchProposal extends MatchSchedules {
  times: Interval[];
}

/**
 * The three times for each match's chat from the day after now (docs/scheduling.md, "How times
 * are chosen"), neither refused nor the booked one: what `GET /api/matches/{id}/times`, the
 * e-mails, Slack and the nudge propose. Each match's data is read once for all of them, busy time
 * read again from the calendar first where what is kept is stale (so call it outside any
 * transaction), and matches whose members have the same zones, hours and busy time share one
 * search. A match that does not exist is missing from the answer.
 */
export async function matchProposals(
  ctx: AppContext,
  matchIds: readonly number[],
): Promise<Map<number, MatchProposal>> {
  const schedules = await matchSchedulesOf(ctx.db, matchIds);
  const running = [...schedules].filter(([, match]) => match.running).map(([id]) => id);
  for (const matchId of running) await refreshBusyTimes(ctx, matchId);
  const busy = await keptBusyTimesOf(ctx.db, running);
  const refused = await refusedTimesOf(ctx.db, running);
  const booked = await bookedStarts(ctx.db, running);
  const from = ctx.clock.now();
  const searched = new Map<string, Interval[]>();
  const proposals = new Map<number, MatchProposal>();
  for (const [matchId, match] of schedules) {
    if (!match.running || match.members.length === 0) {
      proposals.set(matchId, { ...match, times: [] });
      continue;
    }
    const members = schedulingMembers(match.members, {
      busy: busy.get(matchId) ?? new Map(),
      refused: refused.get(matchId) ?? [],
      booked: booked.get(matchId),
    });
    const key = JSON.stringify([members, match.completesAt]);
    let times = searched.get(key);
    if (!times) {
      times = proposeTimes({ members, from, until: match.completesAt, workingDays: WORKING_DAYS });
      searched.set(key, times);
    }
    proposals.set(matchId, { ...match, times });
  }
  return proposals;
}

/** The start of each match's booked chat (its calendar event, not cancelled), by match id. */
async function bookedStarts(db: Db, matchIds: readonly number[]): Promise<Map<number, Date>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .select({ matchId: matchCalendarEvents.matchId, startsAt: matchCalendarEvents.startsAt })
    .from(matchCalendarEvents)
    .where(
      and(
        inArray(matchCalendarEvents.matchId, [...matchIds]),
        isNull(matchCalendarEvents.cancelledAt),
      ),
    );
  return new Map(rows.map((row) => [row.matchId, row.startsAt]));
}

/**
 * Whether a chat starting at `start` fits everyone (docs/scheduling.md, "Booking"): on the hour or
 * half hour, not before `now`, within the next ten working days of the organiser and ending before
 * the round completes, inside every member's working hours and outside their kept busy time and
 * the refused times.
 */
export async function fitsEveryone(
  db: Db,
  matchId: number,
  { members, completesAt }: Pick<MatchSchedules, "members" | "completesAt">,
  start: Date,
  now: Date,
): Promise<boolean> {
  const at = start.getTime();
  if (members.length === 0 || at % GRID_MS !== 0 || at < now.getTime()) return false;
  if (at + CHAT_MS > completesAt.getTime()) return false;
  const scheduling = schedulingMembers(members, {
    busy: (await keptBusyTimesOf(db, [matchId])).get(matchId) ?? new Map(),
    refused: (await refusedTimesOf(db, [matchId])).get(matchId) ?? [],
  });
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
