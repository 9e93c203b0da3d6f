import { joinNames } from "@shared/matches";

const KEPT = "If nobody can meet you, your match stays as it is.";

/**
 * What the "My partner is away" confirmation says happens next, exactly as the server re-pairs
 * (docs/matches.md, "My partner is away"): in a group the others stay; in a pair a partner without
 * one, or — only for someone who chose a group — a match to join whose members all chose groups
 * too. `chosenSize` is the reporter's profile choice, unknown while their profile loads.
 */
export function partnerAwayNextText(stays: string[], chosenSize: number | undefined): string {
  if (stays.length > 0) return `${joinNames(["You", ...stays])} stay matched.`;
  if (chosenSize === 2) {
    return `We look for a new partner for you among the people without one and e-mail you both; you chose one-to-one, so we do not add you to another match. ${KEPT}`;
  }
  if (chosenSize === 4) {
    return `You chose a group of 4, so we look for a pair or a group of 3 to join whose members all chose groups too, and e-mail everyone in it. ${KEPT}`;
  }
  if (chosenSize === 3) {
    return `We look for a new partner for you among the people without one, or a pair or a group of 3 to join whose members all chose groups too, and e-mail everyone in your new match. ${KEPT}`;
  }
  return `We look for a new partner for you among the people without one and e-mail you both; if you chose a group, we may instead add you to a match whose members all chose groups too. ${KEPT}`;
}
