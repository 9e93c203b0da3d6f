import type { MatchingPreference, MeetWay, OddPolicy } from "../../shared/enums";

export type { MeetWay };

/** One eligible person of the scope being paired (see src/server/matching/FORMAT.md). */
export interface MatchingUser {
  id: string;
  department: string;
  preference: MatchingPreference;
  /** True when this person sat out in the previous round. */
  lastSatOut?: boolean;
  /** The group size this person chose: 2 (one-to-one, the default), 3 or 4. */
  groupSize?: GroupSize;
  /** The person's IANA time zone; with `hours`, rule 4 and objective level 3 (FORMAT.md). */
  timeZone?: string;
  /** Working hours per ISO weekday (Monday = 1), local "HH:MM" times in `timeZone`. */
  hours?: { day: number; start: string; end: string }[];
  /** Ids of people this person is never grouped with (either listing the other keeps them apart). */
  avoid?: string[];
  /** The id of this person's manager: never grouped with them (nor a manager with their reports). */
  manager?: string;
  /** The office where this person can meet in person. */
  office?: string;
  /** How this person can meet (default "either"): in person needs one office for the group. */
  meet?: MeetWay;
  /** Interest tags: more shared between the members is better (objective level 4, FORMAT.md). */
  interests?: string[];
}

/** How one group meets: in person at an office every member works at, or online. */
export type GroupMeeting = { kind: "in-person"; office: string } | { kind: "online" };

export type GroupSize = 2 | 3 | 4;

/** A past group (pair or trio) and the month ("YYYY-MM") it was made in. */
export interface HistoryGroup {
  users: string[];
  month: string;
}

export interface MatchingInstance {
  /** The month being paired, "YYYY-MM". */
  month: string;
  /** Pairs that met in any of this many months before `month` may not meet again. */
  repeatWindowMonths: number;
  /** Makes a run reproducible; absent, a random seed is drawn and reported. */
  seed?: number;
  /** `sit-out` (pairs only, default) or `trio` (one group of three when that places one more person). */
  oddPolicy?: OddPolicy;
  users: MatchingUser[];
  history?: HistoryGroup[];
  /** "YYYY-MM-DD": the two weeks of working time compared start at 00:00 UTC of this day. */
  overlapFrom?: string;
  /** Rule 4: everyone in a group shares at least this many working minutes (default 0). */
  minOverlapMinutes?: number;
}

export interface MatchingStats {
  /** People in a group. */
  placed: number;
  /** People left out. */
  unmatched: number;
  /** Number of groups (pairs and at most one trio). */
  groups: number;
  trios: number;
  /**
   * Cross-department pairs. A trio counts its three pairs: three people from three departments
   * count 3, two from one department and one from another count 2, all from one department 0.
   */
  crossDepartmentPairs: number;
  /** Pairs (a trio counts its three pairs) whose two people never shared a group before. */
  neverMetPairs: number;
  /**
   * Upper bound on cross-department pairs for this instance, ignoring history and the needs of
   * same-department people: min(⌊P/2⌋, P − largest department's share of P), with P the number of
   * cross-department and "any" people.
   */
  crossDepartmentUpperBound: number;
  /**
   * 0–100: half cross-department attainment (crossDepartmentPairs / crossDepartmentUpperBound,
   * capped at 1, or 1 when the bound is 0) and half freshness (neverMetPairs / all pairs, or 1
   * when there are no pairs).
   */
  qualityScore: number;
  /** Groups of the people who chose 3 or 4; absent when nobody did. */
  groupFormation?: GroupFormationStats;
  /**
   * "exact": the result is proven best on every level (weighted blossom matching for pairs only;
   * with group choices, the search over subsets or a finished branch and bound); "fast": the
   * methods for large instances (README.md).
   */
  method: "exact" | "fast";
  /** How the search with group choices went; absent when nobody chose 3 or 4. */
  search?: SearchStats;
  elapsedMs: number;
}

/** The search over everyone when some chose 3 or 4 (FORMAT.md, "How the search works"). */
export interface SearchStats {
  /** "subsets": exact over every subset; "branch-and-bound" after the exchanges; "exchanges" alone. */
  method: "subsets" | "branch-and-bound" | "exchanges";
  /** No arrangement places more people: proven by the exact search. */
  placedProven: boolean;
  /** Every level of the objective proven best. */
  optimal: boolean;
  /** Rearrangements that placed more people, and branch-and-bound nodes of the last pass. */
  exchanges: number;
  nodes: number;
}

/**
 * How well the groups by choice came out (FORMAT.md, "Groups by choice"), each figure with the
 * bound it is measured against.
 */
export interface GroupFormationStats {
  /** People who chose 3 or 4, and how many of them are in a group (bound: all of them). */
  people: number;
  placed: number;
  /** Their groups by size: "2", "3", "4". */
  groupsBySize: Record<"2" | "3" | "4", number>;
  /** Placed in the size they chose, and in the nearest other size. */
  inChosenSize: number;
  otherSize: number;
  /** The fewest people in another size the numbers allow when everyone is placed. */
  otherSizeMinimum: number;
  /** Pairs of people inside these groups (a group of 4 has 6), cross-department and never met. */
  pairs: number;
  crossDepartmentPairs: number;
  neverMetPairs: number;
  /**
   * Upper bound on crossDepartmentPairs for the group sizes formed: each cross-department pair
   * joins two departments, so the pairs touching department d are at most the free places of
   * the others; ⌊½ Σ_d min(F_d, F − F_d)⌋, with F_d the places (group size − 1) of d's placed
   * people who are not same-department only, and at most `pairs`.
   */
  crossDepartmentUpperBound: number;
  /** 0–100: the mean of placed / people, cross-department pairs / bound, never met / pairs. */
  quality: number;
}

export interface MatchingResult {
  groups: string[][];
  unmatched: string[];
  /** How each group meets, in the order of `groups`; only when some user states `meet` or `office`. */
  meetings?: GroupMeeting[];
  seed: number;
  stats: MatchingStats;
}

export interface MatchingOptions {
  /**
   * "auto" (default) solves small instances exactly and large ones with the fast path;
   * "exact" and "fast" force one method (tests and benchmarks).
   */
  strategy?: "auto" | "exact" | "fast";
}
