/**
 * The group-size rules of FORMAT.md, stated once for the whole engine (the monthly search, its
 * exchanges and the re-pair's placement): a group has 2 to 4 people, each within one size of the
 * size they chose (so no group of four holds someone who chose one-to-one, and nobody who chose 4
 * is paired), and a trio of only one-to-one people is the odd policy's to allow: none under
 * `sit-out`, one under `trio`. A match grown with no admin asking (a partner reported away, "I'm
 * not away", a partner who left) holds nobody who chose one-to-one (`choseGroups`).
 */
import type { OddPolicy } from "../../shared/enums";

/** May someone who chose `choice` be in a group of `size`? */
export const sizeFits = (choice: number, size: number): boolean =>
  size >= 2 && size <= 4 && choice - size <= 1 && size - choice <= 1;

/** Trios made only of people who chose one-to-one that the odd policy allows in one result. */
export const oneToOneTrioLimit = (oddPolicy: OddPolicy | undefined): number =>
  oddPolicy === "trio" ? 1 : 0;

/** A trio of only one-to-one people: the odd policy's kind of group. */
export function isOneToOneTrio(choices: ArrayLike<number>): boolean {
  if (choices.length !== 3) return false;
  for (let i = 0; i < 3; i++) if (choices[i] !== 2) return false;
  return true;
}

/** Do the sizes of a group of people with these choices fit everyone (the odd policy aside)? */
export function sizesFit(choices: ArrayLike<number>): boolean {
  const size = choices.length;
  for (let i = 0; i < size; i++) if (!sizeFits(choices[i], size)) return false;
  return true;
}

/**
 * Did everyone in a group choose a group (3 or 4)? A pair is made from someone free; only people
 * who chose a group are added to or join a match that is already running when no admin asked
 * (docs/pairings.md, "Re-pairing one person").
 */
export function choseGroups(choices: ArrayLike<number>): boolean {
  for (let i = 0; i < choices.length; i++) if (choices[i] < 3) return false;
  return true;
}
