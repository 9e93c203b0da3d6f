/**
 * Shared interests (FORMAT.md, objective level 4 of the pairs): each person's tags as small
 * integers, sorted, in one flat array, so a pair's count is a merge of two short lists.
 */
import type { MatchingUser } from "./types";

/** More shared tags than this count alike (the profile keeps at most ten per person). */
export const SHARED_INTERESTS_CAP = 10;

export interface InterestSets {
  /** Person v's tags are tags[start[v] .. start[v + 1]), ascending. */
  start: Int32Array;
  tags: Int32Array;
}

/** The tag lists, or null when nobody states `interests` (no level at all). */
export function buildInterests(users: readonly MatchingUser[]): InterestSets | null {
  if (!users.some((u) => u.interests && u.interests.length > 0)) return null;
  const n = users.length;
  const index = new Map<string, number>();
  const start = new Int32Array(n + 1);
  const lists: number[][] = [];
  for (let v = 0; v < n; v++) {
    const own = new Set<number>();
    for (const tag of users[v].interests ?? []) {
      let t = index.get(tag);
      if (t === undefined) {
        t = index.size;
        index.set(tag, t);
      }
      own.add(t);
    }
    const list = [...own].sort((a, b) => a - b);
    lists.push(list);
    start[v + 1] = start[v] + list.length;
  }
  const tags = new Int32Array(start[n]);
  for (let v = 0; v < n; v++) tags.set(lists[v], start[v]);
  return { start, tags };
}

/** How many tags u and v share, up to SHARED_INTERESTS_CAP. */
export function sharedInterestCount(s: InterestSets, u: number, v: number): number {
  let i = s.start[u];
  let j = s.start[v];
  const iEnd = s.start[u + 1];
  const jEnd = s.start[v + 1];
  let shared = 0;
  while (i < iEnd && j < jEnd) {
    const a = s.tags[i];
    const b = s.tags[j];
    if (a === b) {
      shared++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return Math.min(SHARED_INTERESTS_CAP, shared);
}

/** The sets of some people (`people[i]` becomes person i). */
export function subInterests(s: InterestSets, people: readonly number[]): InterestSets {
  const start = new Int32Array(people.length + 1);
  for (let i = 0; i < people.length; i++) {
    const v = people[i];
    start[i + 1] = start[i] + s.start[v + 1] - s.start[v];
  }
  const tags = new Int32Array(start[people.length]);
  for (let i = 0; i < people.length; i++) {
    const v = people[i];
    tags.set(s.tags.subarray(s.start[v], s.start[v + 1]), start[i]);
  }
  return { start, tags };
}
