import { z } from "zod";
import { WHITELIST_IMPORT_MAX_ROWS } from "./whitelist-import";

/**
 * API contract of the invitations (docs/admin-console.md, "Invitations"): the whitelisted people
 * who have not signed up yet, and the e-mail that invites them, at most once a day per address.
 */

/** Hours before the same address can be invited again. */
export const INVITATION_INTERVAL_HOURS = 24;

/**
 * Days after its first invitation that an address which has not joined is reminded: at most two
 * reminders, a week apart (docs/mail.md, "Invitations and reminders").
 */
export const INVITATION_REMINDER_DAYS = [3, 10] as const;

/** GET /api/admin/invitations */
export const invitationListSchema = z.object({
  people: z.array(
    z.object({
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      /** When an invitation (the launch one or a later one) was last queued; null: never. */
      lastInvitedAt: z.string().nullable(),
      /** When the address may be invited again; null: now. */
      nextInviteAt: z.string().nullable(),
    }),
  ),
  /** Everyone waiting, when `people` lists only the first of them. */
  total: z.number().int(),
  /** Whether the launch invitation went out (then an address added later is offered one). */
  launchSent: z.boolean(),
});
export type InvitationList = z.infer<typeof invitationListSchema>;
export type WaitingPerson = InvitationList["people"][number];

export const sendInvitationsSchema = z.object({
  emails: z
    .array(z.string().max(320))
    .min(1, { error: "Choose at least one person to invite" })
    .max(WHITELIST_IMPORT_MAX_ROWS, {
      error: `At most ${WHITELIST_IMPORT_MAX_ROWS.toLocaleString("en")} people can be invited at once`,
    }),
});
export type SendInvitations = z.infer<typeof sendInvitationsSchema>;

/** POST /api/admin/invitations: 202, how many e-mails were queued and who was left out. */
export const invitationsQueuedSchema = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
  message: z.string(),
});
export type InvitationsQueued = z.infer<typeof invitationsQueuedSchema>;
