import { z } from "zod";

/**
 * GET /api/admin/generate-pairing/plan: what Generate would start today for a scope, counted as
 * the round's windows are (docs/rounds.md, "A start on any day"), for the dialog to say before
 * anything is made. Days are YYYY-MM-DD and instants ISO, in the company's time zone.
 */
export const generatePlanSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** The month's pairing day. */
  pairingDay: z.string(),
  /** Today is after the pairing day: the windows count from today. */
  late: z.boolean(),
  /** The last day a member can say "My partner is away". */
  awayUntil: z.string(),
  /** When "Did you meet?" is asked; null when the next round comes first (nobody is asked). */
  checkInAt: z.string().nullable(),
  /** The next pairing day, whose publish completes this month's pairing. */
  nextPairingDay: z.string(),
  completeAt: z.string(),
  /** The scope's rounds run by themselves (else nobody is asked automatically). */
  auto: z.boolean(),
});
export type GeneratePlan = z.infer<typeof generatePlanSchema>;
