import type { MeetWay } from "./enums";

/**
 * How a way to meet is written for people, in files and lists (docs/admin-console.md, "Users"):
 * the users export writes these words, and the HR import reads them back.
 */
export const meetWayWords: Record<MeetWay, string> = {
  "in-person": "In person",
  online: "Online",
  either: "Either",
};

/** Letters alone, case aside: "In person", "in-person" and "IN_PERSON" are one way. */
const byLetters = new Map<string, MeetWay>([
  ["inperson", "in-person"],
  ["inpersononly", "in-person"],
  ["online", "online"],
  ["onlineonly", "online"],
  ["either", "either"],
  ["inpersonoronline", "either"],
]);

/** A file's cell as a way to meet (the words above or the keys), or null when it is neither. */
export function meetWayFromCell(cell: string): MeetWay | null {
  return byLetters.get(cell.toLowerCase().replace(/[^a-z]/g, "")) ?? null;
}
