/**
 * The activity of a person a leaving partner left waiting for a partner (waiting-for-partner.ts),
 * written where a partner leaves and read where the waiting are listed or placed.
 */

/** Its kind: `userId` is the one waiting. */
export const PARTNER_LEFT_KIND = "match.partner-left";

/** What it keeps in `data`: who left. */
export interface PartnerLeftData {
  left: string[];
}
