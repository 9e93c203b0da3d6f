import { z } from "zod";

/**
 * Parts of the payloads several message kinds share, as zod schemas: each kind's schema is built
 * of them, and a row's `data` is parsed with it when read (message-kind.ts, `schema`).
 */

/** The payload of a kind that carries none (the nudges). */
export const noPayload = z.object({});

/** Who an automatic e-mail to a person is for: what its greeting and its links need. */
export const personAddressed = z.object({
  userId: z.string(),
  /** Their first name, or their address when they gave none. */
  greeting: z.string(),
});
export type PersonAddressed = z.infer<typeof personAddressed>;

/** What the data of every sign-in kind holds beside its own fields. */
export const signInMailData = z.object({
  /** The code or link token in plain, as the e-mail carries it; erased once sent or failed. */
  secret: z.string(),
  /** ISO time; a mail not sent by then is never sent, and its code or link is withdrawn. */
  sendBy: z.string(),
});
export type SignInMailData = z.infer<typeof signInMailData>;

/** A match's calendar message an e-mail carries (icalendar/match-calendar-events.ts). */
export const calendarMessageData = z.object({
  method: z.enum(["REQUEST", "CANCEL"]),
  matchId: z.number().int(),
  month: z.string(),
  sequence: z.number().int(),
  start: z.string(),
  stamp: z.string(),
  memberIds: z.array(z.string()),
  attendeeIds: z.array(z.string()),
  whole: z.boolean().optional(),
});

/** A partner as an e-mail shows them (mail/templates/views.ts, `PartnerView`). */
export const partnerViewData = z.object({
  name: z.string(),
  initials: z.string(),
  department: z.string().nullable(),
  bio: z.string().nullable(),
  email: z.string(),
  photoUrl: z.string().nullable(),
});

/** A button under an e-mail's lines. */
export const linkAction = z.object({ url: z.string(), label: z.string() });
