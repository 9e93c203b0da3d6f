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
  /** `pair`/`trio`/`four`: the reporter was re-paired (joining a pair or a trio); `stays`: the others of a match stay matched. */
  outcome: z.enum(["pair", "trio", "four", "stays"]),
  /** The names of whom the reporter meets now. */
  partners: z.array(z.string()),
  /** E-mails sent about the change. */
  notified: z.number().int(),
});
export type PartnerAwayResponse = z.infer<typeof partnerAwayResponseSchema>;

/**
 * GET /api/matches/away-status: whether a partner said the signed-in person is away this month, or
 * they wait for a partner because theirs left.
 */
export const awayStatusResponseSchema = z.object({
  away: z
    .object({
      /** YYYY-MM of the round. */
      month: z.string(),
      /** When the report was made (ISO). */
      reportedAt: z.string(),
    })
    .nullable(),
  /**
   * When the signed-in person waits for a partner in a running pairing because theirs left
   * (docs/pairings.md, "Waiting for a partner"): the month, who left and since when; else null.
   */
  waiting: z
    .object({
      /** YYYY-MM of the round. */
      month: z.string(),
      /** The names of the partner(s) who left. */
      formerPartners: z.array(z.string()),
      /** Since when (ISO). */
      since: z.string(),
    })
    .nullable(),
  /**
   * While the signed-in person may still say a partner of their current match is away: the last
   * day (YYYY-MM-DD, company zone) and how to show it ("Wednesday, March 17"), both null for a
   * scope without round settings; null when a report would not work (after the first half, a
   * second report, or once the match's chat happened).
   */
  reportUntil: z.object({ iso: z.string().nullable(), display: z.string().nullable() }).nullable(),
});
export type AwayStatusResponse = z.infer<typeof awayStatusResponseSchema>;

/** POST /api/not-away: the e-mail's page, signed in or not (the token names the person). */
export const notAwayBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();

export const notAwayResponseSchema = z.object({
  message: z.string(),
  /** True when the person was placed in a match at once. */
  placed: z.boolean(),
});
export type NotAwayResponse = z.infer<typeof notAwayResponseSchema>;
