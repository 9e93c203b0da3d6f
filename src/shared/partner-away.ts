import { z } from "zod";

/** API contract for "My partner is away" (docs/matches.md). */

/** POST /api/matches/{matchId}/partner-away: in a trio, which partner is away. */
export const partnerAwayBodySchema = z
  .object({
    partnerId: z.uuid({ error: "Choose the partner who is away." }).optional(),
  })
  .strict();
export type PartnerAwayBody = z.infer<typeof partnerAwayBodySchema>;

export const partnerAwayResponseSchema = z.object({
  message: z.string(),
  /** `pair`/`trio`/`four`: the reporter was re-paired (joining a pair or a trio); `stays`: the others of a group stay matched. */
  outcome: z.enum(["pair", "trio", "four", "stays"]),
  /** The names of whom the reporter meets now. */
  partners: z.array(z.string()),
  /** E-mails sent about the change. */
  notified: z.number().int(),
});
export type PartnerAwayResponse = z.infer<typeof partnerAwayResponseSchema>;
