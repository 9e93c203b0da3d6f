import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import {
  type MatchCalendarEventRow,
  matchCalendarEvents,
  matches,
  pairings,
  users,
} from "../db/schema";
import { matchIdsOfMembersSql, memberIds, withMembers } from "../match-members/match-members";
import { readPeople } from "../people-rows/read-people";
import type { CalendarMethod } from "./calendar-invitation";

/*
 * The one module that reads and writes `match_calendar_events` (docs/matches.md, "The calendar
 * invitation"): one event per match, its SEQUENCE, its start and who was sent it. Every change
 * goes through `changeEvent`, inside the transaction of the operation that changed the match
 * (which holds the pairing's lock), so the messages it answers commit with the change.
 */

/** A calendar message as queued with a match change (its mail spec) and rendered at delivery. */
export interface CalendarMessage {
  method: CalendarMethod;
  matchId: number;
  /** The match's month (yyyy-MM), for the description. */
  month: string;
  sequence: number;
  /** ISO instants: the chat's start and when this message was made (DTSTAMP). */
  start: string;
  stamp: string;
  /** The members the event is (REQUEST) or was (CANCEL) for: the title names them. */
  memberIds: string[];
  /** Its ATTENDEE lines: every member (REQUEST), or those it is cancelled for (CANCEL). */
  attendeeIds: string[];
  /** A CANCEL of the whole event (STATUS:CANCELLED), not only for some attendees. */
  whole?: boolean;
}

/** One message to one person. */
export interface CalendarDelivery {
  userId: string;
  email: string;
  message: CalendarMessage;
}

/** The advisory key of a match's event: with the match's id, held while its event changes. */
const MATCH_EVENT_LOCK = 727104;

/**
 * The match's event, locked for a change; undefined until someone sends an invitation. A match's
 * first event has no row to lock yet, and the pairing is only shared by a member's answer, so
 * an advisory lock on the match serialises two first bookings: one goes out as SEQUENCE 0, the
 * other as its update, SEQUENCE 1.
 */
export async function lockEvent(
  tx: Tx,
  matchId: number,
): Promise<MatchCalendarEventRow | undefined> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(MATCH_EVENT_LOCK))}, ${matchId})`,
  );
  const [row] = await tx
    .select()
    .from(matchCalendarEvents)
    .where(eq(matchCalendarEvents.matchId, matchId))
    .for("update");
  return row;
}

/** The match's event as every member downloads it; undefined when none was sent or it is off. */
export async function readEvent(
  ctx: AppContext,
  matchId: number,
): Promise<MatchCalendarEventRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(matchCalendarEvents)
    .where(and(eq(matchCalendarEvents.matchId, matchId), isNull(matchCalendarEvents.cancelledAt)));
  return row;
}

/**
 * Moves a match's event to its next state and answers the messages that say so, one SEQUENCE
 * higher than the last one sent (RFC 5546 §2.1.4): a REQUEST to every member (`members`, empty
 * when the match is off), and a CANCEL to whoever was sent it and is no longer in it — the whole
 * event when nobody is left. Only active accounts are written to (a deactivated or erased person
 * gets no mail from the app). Nothing changes and nothing is sent when the state is the same.
 */
export async function changeEvent(
  ctx: AppContext,
  tx: Tx,
  current: MatchCalendarEventRow | undefined,
  next: { matchId: number; month: string; start: Date; members: string[]; bookedBy?: string },
): Promise<CalendarDelivery[]> {
  const now = ctx.clock.now();
  const had = current && !current.cancelledAt ? current.recipientIds : [];
  const unchanged =
    current &&
    !current.cancelledAt &&
    current.startsAt.getTime() === next.start.getTime() &&
    sameSet(had, next.members);
  if (unchanged || (had.length === 0 && next.members.length === 0)) return [];
  const sequence = current ? current.sequence + 1 : 0;
  const values = {
    sequence,
    startsAt: next.start,
    recipientIds: next.members,
    cancelledAt: next.members.length === 0 ? now : null,
    updatedAt: now,
    ...(next.bookedBy ? { bookedBy: next.bookedBy } : {}),
  };
  await tx
    .insert(matchCalendarEvents)
    .values({ matchId: next.matchId, ...values })
    .onConflictDoUpdate({ target: matchCalendarEvents.matchId, set: values });
  const message = {
    matchId: next.matchId,
    month: next.month,
    sequence,
    start: next.start.toISOString(),
    stamp: now.toISOString(),
  };
  const gone = had.filter((id) => !next.members.includes(id));
  const addresses = await activeAddresses(tx, [...had, ...next.members]);
  const to = (ids: string[], m: CalendarMessage): CalendarDelivery[] =>
    ids.flatMap((id) => {
      const email = addresses.get(id);
      return email ? [{ userId: id, email, message: m }] : [];
    });
  const whole = next.members.length === 0;
  return [
    ...to(gone, {
      ...message,
      method: "CANCEL",
      memberIds: had,
      attendeeIds: gone,
      ...(whole ? { whole } : {}),
    }),
    ...to(next.members, {
      ...message,
      method: "REQUEST",
      memberIds: next.members,
      attendeeIds: next.members,
    }),
  ];
}

/**
 * After a change to running matches (pairings/current/change-notices.ts): every event that one
 * of `people` was sent, or of a match one of them is in now, is brought to its match as it now
 * is — a member who left gets a CANCEL, those who stay (and anyone who joined) the update, and a
 * match that ended (deleted, completed, fewer than two members) cancels the event for everyone
 * who had it. Call it inside the change's transaction, after the change.
 */
export async function syncMatchEvents(
  ctx: AppContext,
  tx: Tx,
  people: readonly string[],
): Promise<CalendarDelivery[]> {
  if (people.length === 0) return [];
  // One JSON parameter, however many people (a deleted pairing names all its members).
  const idArray = sql`array(select value::uuid from json_array_elements_text(${JSON.stringify([...new Set(people)])}::json))`;
  const events = await tx
    .select()
    .from(matchCalendarEvents)
    .where(
      and(
        isNull(matchCalendarEvents.cancelledAt),
        sql`(${matchCalendarEvents.recipientIds} && ${idArray} or ${matchCalendarEvents.matchId} in ${matchIdsOfMembersSql(idArray)})`,
      ),
    )
    .orderBy(matchCalendarEvents.matchId)
    .for("update");
  const deliveries: CalendarDelivery[] = [];
  for (const event of events) {
    const match = await runningMatch(tx, event.matchId);
    deliveries.push(
      ...(await changeEvent(ctx, tx, event, {
        matchId: event.matchId,
        month: match?.month ?? "",
        start: event.startsAt,
        members: match && match.members.length >= 2 ? match.members : [],
      })),
    );
  }
  return deliveries;
}

/** The match with its member ids while it runs (active, in an active pairing); else undefined. */
async function runningMatch(
  tx: Tx,
  matchId: number,
): Promise<{ month: string; members: string[] } | undefined> {
  const rows = await tx
    .select({ match: matches })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(eq(matches.id, matchId), eq(matches.status, "active"), eq(pairings.status, "active")),
    );
  if (rows.length === 0) return undefined;
  const [match] = await withMembers(
    tx,
    rows.map((r) => r.match),
  );
  return { month: match.month, members: memberIds(match) };
}

async function activeAddresses(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = await readPeople(
    tx,
    ids,
    { id: users.id, email: users.email },
    { activeOnly: true },
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
