import { formatMatchMonth } from "@shared/matches";

/**
 * The Connections report's period as people read months, "June 2026 to November 2026": the
 * picker's `YYYY-MM` values are for the inputs, not for reading (docs/scheduling.md, "How dates
 * are written").
 */
export function periodLine(from: string, to: string): string {
  return `Who met whom through the programme, ${formatMatchMonth(from)} to ${formatMatchMonth(to)}`;
}

/** Why the period starts later than the admin might expect, and how to see earlier months. */
export function programmeBeganLine(firstMonth: string, maxMonths: number): string {
  return `The programme began in ${formatMatchMonth(firstMonth)}: choose From to see earlier months (up to ${maxMonths} at a time).`;
}
