import { joinNames } from "./matches";

const KEPT = "If nobody can meet you, your match stays as it is.";
const FREE_PARTNER = "a new partner for you among the people without one";
const ALL_CHOSE_GROUPS = "whose members all chose groups too";
const GROUP_TO_JOIN = `a pair or a group of 3 to join ${ALL_CHOSE_GROUPS}`;
const GROUP_TO_TAKE_YOU = `pair or group of 3 ${ALL_CHOSE_GROUPS} could take you`;
const MISSED = 'You can answer "Missed This Month" instead.';

/**
 * What the "My partner is away" confirmation says happens next, exactly as the server re-pairs
 * (docs/matches.md, "My partner is away"): in a group the others stay; in a pair a partner without
 * one, or — only for someone who chose a group — a match to join whose members all chose groups
 * too. `chosenSize` is the reporter's profile choice, unknown while their profile loads.
 */
export function partnerAwayNextText(stays: string[], chosenSize: number | undefined): string {
  if (stays.length > 0) return `${joinNames(["You", ...stays])} stay matched.`;
  if (chosenSize === 2) {
    return `We look for ${FREE_PARTNER} and e-mail you both; you chose one-to-one, so we do not add you to another match. ${KEPT}`;
  }
  if (chosenSize === 4) {
    return `You chose a group of 4, so we look for ${GROUP_TO_JOIN}, and e-mail everyone in it. ${KEPT}`;
  }
  if (chosenSize === 3) {
    return `We look for ${FREE_PARTNER}, or ${GROUP_TO_JOIN}, and e-mail everyone in your new match. ${KEPT}`;
  }
  return `We look for ${FREE_PARTNER} and e-mail you both; if you chose a group, we may instead add you to a match whose members all chose groups too. ${KEPT}`;
}

/**
 * The 409 `no_partner` answer to the report when nothing the confirmation promised was found:
 * worded from the same phrases, for the reporter's choice (someone who chose 4 is never paired
 * one-to-one, someone who chose one-to-one never joins a match).
 */
export function partnerAwayNobodyText(chosenSize: number): string {
  const found =
    chosenSize === 4
      ? `No ${GROUP_TO_TAKE_YOU} this month`
      : chosenSize === 3
        ? `Nobody without a partner can meet you this month, and no ${GROUP_TO_TAKE_YOU}`
        : "Nobody without a partner can meet you this month";
  return `${found}, so your match stays as it is. ${MISSED}`;
}
