import { eq } from "drizzle-orm";
import { partnerName } from "../../shared/matches";
import type { Db, Tx } from "../db/client";
import { type MatchCalendarEventRow, users } from "../db/schema";

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
  const [booker] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, event.bookedBy));
  return {
    start,
    bookedBy: booker ? partnerName(booker) : null,
    byYou: event.bookedBy === viewerId,
  };
}
