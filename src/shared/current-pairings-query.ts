import { z } from "zod";
import { idSchema } from "./ids";
import { cursorPageFields } from "./paging";

/** The current-pairings table's page size, and the most one request may ask for. */
export const CURRENT_PAIRINGS_PAGE_SIZE = 50;
export const CURRENT_PAIRINGS_MAX_PAGE_SIZE = 100;

/**
 * Which matches of the running pairings to show: every one, those with a member left without a
 * partner (to re-pair), or those with a member who can no longer meet (docs/pairings.md).
 */
export const currentMatchFilters = ["alone", "away"] as const;
export type CurrentMatchFilter = (typeof currentMatchFilters)[number];

const noFilter = (v: unknown) => (v === "" || v === "all" ? undefined : v);

/** The filters shared by a page and the CSV download. An empty value or "all" means no filter. */
export const currentPairingsFilterSchema = z.object({
  /** Words each found in a member's name, e-mail or department. */
  q: z
    .string()
    .trim()
    .max(200, { error: "Searches are at most 200 characters." })
    .optional()
    .transform((v) => (v ? v : undefined)),
  pairingId: z.preprocess(noFilter, idSchema.optional()),
  status: z.preprocess(
    noFilter,
    z.enum(currentMatchFilters, { error: "Status must be all, alone or away." }).optional(),
  ),
});
export type CurrentPairingsFilter = z.infer<typeof currentPairingsFilterSchema>;

/** GET /api/admin/current-pairings: a page of the running pairings' matches (docs/pairings.md). */
export const currentPairingsQuerySchema = currentPairingsFilterSchema.extend(
  cursorPageFields(CURRENT_PAIRINGS_PAGE_SIZE, CURRENT_PAIRINGS_MAX_PAGE_SIZE, 200),
);
export type CurrentPairingsQuery = z.infer<typeof currentPairingsQuerySchema>;
