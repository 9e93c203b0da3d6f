import type { MatchingPreference } from "./enums";

/**
 * Whether one person's department wish lets them meet a partner of their own department (`same`)
 * or of another: `same-department` needs the same one, `cross-department` another, `any` takes
 * either (src/server/matching/FORMAT.md, rule 2). Two people may meet when both wishes allow it.
 */
export const wishAllows = (preference: MatchingPreference, same: boolean): boolean =>
  preference === "any" || (preference === "same-department") === same;
