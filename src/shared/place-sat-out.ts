import { z } from "zod";
import { idSchema } from "./ids";

/** API contract for placing someone who sat out by hand (docs/pairings.md, "Placing by hand"). */

const USER_MESSAGE = "Choose the person who sat out from the current pairings.";
const WHERE_MESSAGE = "Choose a match to join or another person who sat out, not both.";

const placeTarget = {
  userId: z.uuid({ error: USER_MESSAGE }),
  /** Join this running match of the pairing. */
  matchId: idSchema.optional(),
  /** Or meet this other person who sat out, as a new pair. */
  withUserId: z.uuid({ error: "Choose the other person from the people who sat out." }).optional(),
};

const oneTarget = (value: { matchId?: number; withUserId?: string }) =>
  (value.matchId === undefined) !== (value.withUserId === undefined);

/** GET /api/admin/pairings/{pairingId}/place-check: what a placement would break. */
export const placeCheckQuerySchema = z
  .object(placeTarget, { error: USER_MESSAGE })
  .refine(oneTarget, { error: WHERE_MESSAGE });
export type PlaceCheckQuery = z.infer<typeof placeCheckQuerySchema>;

/**
 * POST /api/admin/pairings/{pairingId}/place. A placement that breaks a rule (the check names
 * them) is refused unless `acceptBrokenRules` says the admin saw them.
 */
export const placeBodySchema = z
  .object(
    {
      ...placeTarget,
      acceptBrokenRules: z
        .boolean({ error: "acceptBrokenRules must be true or false." })
        .optional(),
    },
    { error: USER_MESSAGE },
  )
  .strict()
  .refine(oneTarget, { error: WHERE_MESSAGE });
export type PlaceBody = z.infer<typeof placeBodySchema>;

export const placeCheckResponseSchema = z.object({
  /** "Frank joins Ann and Bo as a trio." */
  summary: z.string(),
  /** Each rule the placement breaks, as a sentence; empty when it keeps every rule. */
  brokenRules: z.array(z.string()),
  /**
   * Whether the pairing was announced: only then is anyone whose match changes e-mailed
   * (docs/matches.md, "When a match changes").
   */
  told: z.boolean(),
});
export type PlaceCheckResponse = z.infer<typeof placeCheckResponseSchema>;

export const placeResponseSchema = z.object({
  message: z.string(),
  /** How many e-mails telling the people whose match changed were queued. */
  notified: z.number().int(),
});
export type PlaceResponse = z.infer<typeof placeResponseSchema>;
