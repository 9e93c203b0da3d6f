import { z } from "zod";

/**
 * API contract of the unsubscribe link (docs/newsletters.md, "Unsubscribe"): the newsletter's and
 * every automatic e-mail's to a person, and the invitations' to an address (docs/mail.md,
 * "Invitations and reminders").
 */

export const unsubscribeTokenSchema = z
  .string({ error: "This unsubscribe link is not valid." })
  .min(1, { error: "This unsubscribe link is not valid." })
  .max(600, { error: "This unsubscribe link is not valid." });

export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

export const unsubscribeActions = ["opt_out", "pause"] as const;
export const unsubscribeActionSchema = z.object({
  token: unsubscribeTokenSchema,
  action: z.enum(unsubscribeActions, { error: "Please choose to pause or to opt out." }),
});
export type UnsubscribeAction = z.infer<typeof unsubscribeActionSchema>;

/** GET /api/unsubscribe?token=… and the answer to POST /api/unsubscribe. */
export const unsubscribeStatusSchema = z.object({
  /** The address, partly hidden (a***@acme.example). */
  email: z.string(),
  participationStatus: z.enum(["active", "paused", "opted_out"]),
  pauseEndDate: z.string().nullable(),
  /**
   * What the link stops: a person's newsletters and matches, or the invitations and their
   * reminders to an address that has not joined (then `participationStatus` says `opted_out` once
   * they are stopped, `active` before).
   */
  about: z.enum(["newsletter", "invitations"]),
  message: z.string().optional(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;
