import { z } from "zod";

/**
 * GET /api/public/figures: what the landing page may claim, measured on the company's own data
 * (docs/admin-console.md, "The landing page's figures"). Public and unauthenticated; the page
 * shows them only when both are above zero.
 */
export const publicFiguresSchema = z.object({
  /** People the next pairing would pair (validated, profile complete, taking part, not away). */
  peopleTakingPart: z.number().int().min(0),
  /** Matches whose chat happened (src/shared/chat-happened.ts), all time. */
  chatsHappened: z.number().int().min(0),
});
export type PublicFigures = z.infer<typeof publicFiguresSchema>;

/** How long a browser, a proxy and the server itself keep the figures. */
export const PUBLIC_FIGURES_MAX_AGE_SECONDS = 300;
