/**
 * The hand-tight pass of the instance check (instance-schema.ts): one loop over the users and one
 * over the history that accepts exactly what the zod schema accepts, and resolves every id to its
 * index on the way, so that `buildProblem` need not look the ids up a second time. When the shape
 * is wrong it answers false and the zod schema words the error; the cross-reference errors
 * (duplicate or unknown ids) are worded here, once, for both paths.
 */
import { matchingPreferences, meetWays, oddPolicies } from "../../shared/enums";
import { isIanaTimeZone, workingHoursProblem } from "../../shared/working-hours";
import type { HistoryGroup, MatchingInstance, MatchingUser } from "./types";
import { MONTH_PATTERN } from "./window";

/** The largest group in a history or a result (groups by choice hold 2–4 people). */
export const MAX_GROUP = 4;

/**
 * An instance's ids checked (no duplicates) and resolved to user indices: history group g is
 * members[g * MAX_GROUP ..], padded with −1. Valid for exactly these `users` and `history`.
 */
export interface ResolvedIds {
  users: readonly MatchingUser[];
  history: readonly HistoryGroup[] | undefined;
  members: Int32Array;
  /**
   * Set by the command line's fast read (instance-fast-read.ts), which makes no history groups
   * (`history` and the instance's history are undefined): the history is members and months,
   * group g's month being months[monthOf[g]].
   */
  historyMonths?: HistoryMonths;
}

/** Each history group's month as an index into the few distinct months. */
export interface HistoryMonths {
  months: readonly string[];
  monthOf: Uint16Array;
}

export interface RefIssue {
  path: (string | number)[];
  message: string;
}

export const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const PREFERENCES = new Set<unknown>(matchingPreferences);
const MEET_WAYS = new Set<unknown>(meetWays);

/** The most ids one person's `avoid` may list (the profile keeps far fewer). */
export const MAX_AVOID = 1000;
/** The most interest tags one person may list (the profile keeps ten). */
export const MAX_INTERESTS = 100;
const POLICIES = new Set<unknown>(oddPolicies);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown) => typeof value === "string" && value !== "";

/** Zone names already found valid: most people share a few zones, each checked once. */
const knownZones = new Set<string>();

export function zoneOk(value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (knownZones.has(value)) return true;
  if (!isIanaTimeZone(value)) return false;
  knownZones.add(value);
  return true;
}

/** The day the shared working time is counted from: a real calendar date. */
export function overlapFromOk(value: unknown): boolean {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

export const minOverlapOk = (value: unknown): boolean =>
  typeof value === "number" &&
  Number.isInteger(value) &&
  value >= 0 &&
  value <= MAX_OVERLAP_MINUTES;

/** Two weeks of minutes: no two people can share more. */
export const MAX_OVERLAP_MINUTES = 14 * 24 * 60;

function userOk(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { id, department, preference, lastSatOut, groupSize, timeZone, hours } = value;
  return (
    personalRulesOk(value) &&
    nonEmpty(id) &&
    nonEmpty(department) &&
    PREFERENCES.has(preference) &&
    (lastSatOut === undefined || typeof lastSatOut === "boolean") &&
    (groupSize === undefined || groupSize === 2 || groupSize === 3 || groupSize === 4) &&
    (timeZone === undefined || zoneOk(timeZone)) &&
    (hours === undefined || workingHoursProblem(hours) === null)
  );
}

/** Rule 5's fields: `avoid` ids, a `manager` id, an `office`, a way to `meet`. */
function personalRulesOk(value: Record<string, unknown>): boolean {
  const { avoid, manager, office, meet, interests } = value;
  if (avoid !== undefined) {
    if (!Array.isArray(avoid) || avoid.length > MAX_AVOID) return false;
    for (const id of avoid) if (!nonEmpty(id)) return false;
  }
  if (interests !== undefined) {
    if (!Array.isArray(interests) || interests.length > MAX_INTERESTS) return false;
    for (const tag of interests) if (!nonEmpty(tag)) return false;
  }
  return (
    (manager === undefined || nonEmpty(manager)) &&
    (office === undefined || nonEmpty(office)) &&
    (meet === undefined || MEET_WAYS.has(meet))
  );
}

/** Structural check of one history group (months already seen valid are cached). */
export function groupOk(value: unknown, goodMonths: Set<string>): boolean {
  if (!isRecord(value)) return false;
  const { users, month } = value;
  if (!Array.isArray(users) || users.length < 2 || users.length > MAX_GROUP) return false;
  for (const id of users) if (!nonEmpty(id)) return false;
  if (typeof month !== "string") return false;
  if (goodMonths.has(month)) return true;
  if (!MONTH_PATTERN.test(month)) return false;
  goodMonths.add(month);
  return true;
}

/** Whether the instance has the schema's shape, apart from the cross-references. */
export function shapeOk(input: unknown): input is MatchingInstance {
  if (!isRecord(input)) return false;
  const { month, repeatWindowMonths: w, seed, oddPolicy, users, history } = input;
  if (typeof month !== "string" || !MONTH_PATTERN.test(month)) return false;
  if (input.overlapFrom !== undefined && !overlapFromOk(input.overlapFrom)) return false;
  if (input.minOverlapMinutes !== undefined && !minOverlapOk(input.minOverlapMinutes)) return false;
  if (typeof w !== "number" || !Number.isInteger(w) || w < 0 || w > 1200) return false;
  if (seed !== undefined && !Number.isSafeInteger(seed)) return false;
  if (oddPolicy !== undefined && !POLICIES.has(oddPolicy)) return false;
  if (!Array.isArray(users)) return false;
  for (const user of users) if (!userOk(user)) return false;
  if (history === undefined) return true;
  if (!Array.isArray(history)) return false;
  const goodMonths = new Set<string>();
  for (const group of history) if (!groupOk(group, goodMonths)) return false;
  return true;
}

/** The index of every user id, or the first duplicate. */
export function indexUsers(users: readonly MatchingUser[]): Map<string, number> | RefIssue {
  const index = new Map<string, number>();
  for (let i = 0; i < users.length; i++) {
    const id = users[i].id;
    if (index.has(id))
      return { path: ["users", i, "id"], message: `duplicate user id ${show(id)}` };
    index.set(id, i);
  }
  return index;
}

/** Resolves history group g into members[g * MAX_GROUP ..]: an unknown or repeated id is an issue. */
export function resolveGroup(
  index: Map<string, number>,
  ids: readonly string[],
  g: number,
  members: Int32Array,
): RefIssue | null {
  const at = g * MAX_GROUP;
  for (let j = 0; j < ids.length; j++) {
    const x = index.get(ids[j]);
    if (x === undefined) {
      return {
        path: ["history", g, "users", j],
        message: `unknown user id ${show(ids[j])} (not in users)`,
      };
    }
    for (let k = at; k < at + j; k++) {
      if (members[k] === x) {
        const message = `user id ${show(ids[j])} appears twice in one group`;
        return { path: ["history", g, "users"], message };
      }
    }
    members[at + j] = x;
  }
  return null;
}

/** Duplicate user ids and history ids that are unknown or repeated within a group. */
export function resolveIds(instance: MatchingInstance): ResolvedIds | RefIssue {
  const { users, history } = instance;
  const index = indexUsers(users);
  if (!(index instanceof Map)) return index;
  const groups = history ?? [];
  const members = new Int32Array(groups.length * MAX_GROUP).fill(-1);
  for (let g = 0; g < groups.length; g++) {
    const issue = resolveGroup(index, groups[g].users, g, members);
    if (issue) return issue;
  }
  return { users, history, members };
}
