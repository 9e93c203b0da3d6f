import { personName } from "../../shared/person-name";
import type { Db, Tx } from "../db/client";
import type { MatchCalendarEventRow } from "../db/schema";
import { readPerson } from "../people-rows/read-people";

/** A match's live booking as a member is shown it: when, who booked it, whether they did. */
export interface BookingSeen {
  start: string;
  bookedBy: string | null;
  byYou: boolean;
}

/** The event's booking as `viewerId` sees it; null when none is live. */
export async function bookingSeenBy(
  db: Db | Tx,
  event: MatchCalendarEventRow | undefined,
  viewerId: string,
): Promise<BookingSeen | null> {
  if (!event || event.cancelledAt) return null;
  const start = event.startsAt.toISOString();
  if (!event.bookedBy) return { start, bookedBy: null, byYou: false };
  const booker = await readPerson(db, event.bookedBy);
  return {
    start,
    bookedBy: booker ? personName(booker) : null,
    byYou: event.bookedBy === viewerId,
  };
}
