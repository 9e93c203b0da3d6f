import { z } from "zod";
import { shortDateTime } from "./date-text";
import { withZone, zoneNameForPeople } from "./zone-names";

/** One proposed time for a match's chat: ISO 8601 instants (UTC, `Z`). */
export const proposedTimeSchema = z.object({
  start: z.string().meta({ example: "2027-03-16T09:00:00.000Z" }),
  end: z.string().meta({ example: "2027-03-16T09:30:00.000Z" }),
});
export type ProposedTime = z.infer<typeof proposedTimeSchema>;

/** GET /api/matches/{id}/times: up to three times that fit every member (docs/scheduling.md). */
export const matchTimesSchema = z.object({ times: z.array(proposedTimeSchema).max(3) });
export type MatchTimes = z.infer<typeof matchTimesSchema>;

/** A time sent for a chat that already happened (docs/matches.md, "Booking a time"): 409. */
export const CHAT_ALREADY_HAPPENED =
  "Someone in your match already said you met, so this chat can no longer be scheduled.";

const startSchema = z.iso.datetime({
  offset: true,
  error: "The start must be a date and time such as 2027-03-02T10:00:00Z.",
});

/**
 * The start of the booking a request moves, as the person was shown it: required when the chat is
 * already booked at another time, so nobody replaces a booking without saying so (else 409).
 */
export const replacesSchema = z.iso
  .datetime({ offset: true, error: "The booking to move must be a date and time." })
  .optional()
  .meta({ example: "2027-03-15T09:00:00.000Z" });

/** POST /api/matches/{id}/booking: one of the proposed starts (or any that fits everyone). */
export const bookingBodySchema = z.object({ start: startSchema, replaces: replacesSchema });

const linkTokenSchema = z.string().min(1, { error: "The link is incomplete." }).max(200);

/** POST /api/book-time: the booking page's button, the signed token from the e-mail and its start. */
export const bookByLinkBodySchema = z.object({
  token: linkTokenSchema,
  start: startSchema,
  replaces: replacesSchema,
});

/** POST /api/book-time/booked: what the booking page's link finds booked (changes nothing). */
export const linkBookingBodySchema = z.object({ token: linkTokenSchema });

/** The match's booking as a booking page shows it: when, and who booked it. */
export const linkBookingSchema = z.object({
  booked: z
    .object({
      start: z.string(),
      /** The booker's name; null when unknown. */
      bookedBy: z.string().nullable(),
      byYou: z.boolean(),
    })
    .nullable(),
});
export type LinkBooking = z.infer<typeof linkBookingSchema>;

/** The 409 of a booking that would replace another without saying so (docs/scheduling.md). */
export function alreadyBookedMessage(
  booked: { start: Date | string; bookedBy: string | null; byYou: boolean },
  timeZone: string,
): string {
  const who = booked.byYou ? " by you" : booked.bookedBy ? ` by ${booked.bookedBy}` : "";
  return `Your chat is already booked for ${timeInYourZone(booked.start, timeZone)}${who}. Reload to see it, and choose Move to change it.`;
}

/** POST /api/matches/{id}/times/refused: the starts shown that none fit. */
export const refuseTimesBodySchema = z.object({
  starts: z
    .array(startSchema)
    .min(1, { error: "Name at least one time that does not fit." })
    .max(3, { error: "At most three times are shown at once." }),
});

export const BOOKING_DOES_NOT_FIT =
  "That time no longer fits everyone in your match. Please pick one of the times shown.";

/** The answer's message to a booking: `sent` members were e-mailed the invitation. */
export function bookedMessage(sent: number): string {
  return sent > 0
    ? "Booked: everyone in your match gets the calendar invitation."
    : "Your chat is already booked at this time.";
}

/** "Tue, Mar 3, 10:00": a time as the reader sees it in their zone (an IANA name), the short form (date-text.ts). */
export function bookingTimeLabel(start: Date | string, timeZone: string): string {
  return shortDateTime(start, timeZone);
}

/**
 * "your time zone, Central European Time (Europe/Berlin)": the reader's zone where a page says the
 * times are theirs, written as every zone is (zone-names.ts, `zoneNameForPeople`).
 */
export function yourTimeText(timeZone: string): string {
  return `your time zone, ${zoneNameForPeople(timeZone)}`;
}

/** "Tue, Mar 3, 10:00 Central European Time (Europe/Berlin)": a time in the reader's zone, the zone named. */
export function timeInYourZone(start: Date | string, timeZone: string): string {
  return withZone(bookingTimeLabel(start, timeZone), timeZone);
}

/** "Booked: Tue, Mar 3, 10:00 Central European Time (Europe/Berlin)" (docs/matches.md, "Booking a time"): the zone named, as the offered times name it. */
export function bookedText(start: Date | string, timeZone: string): string {
  return `Booked: ${timeInYourZone(start, timeZone)}`;
}
