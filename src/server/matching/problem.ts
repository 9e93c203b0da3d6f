/**
 * The compact, index-based form of an instance that every algorithm works on: people are
 * 0..n-1, departments are small integers, and the history is a CSR adjacency list whose
 * entries say whether a pair met inside the repeat window (blocked) or only earlier.
 */
import { type HistoryMonths, MAX_GROUP, type ResolvedIds } from "./instance-fast-check";
import { buildMeetRules, type MeetRules, meetAllows, ruleBlockedPairs } from "./personal-rules";
import {
  buildInterests,
  type InterestSets,
  sharedInterestCount,
  subInterests,
} from "./shared-interests";
import type { MatchingInstance } from "./types";
import { monthIndex } from "./window";
import {
  buildSchedules,
  groupSchedulesAllow,
  pairSharedMinutes,
  type Schedules,
  schedulesAllow,
} from "./working-time";

export const SAME = 0;
export const CROSS = 1;
export const ANY = 2;

/** Relation of a pair in the history: never met, met outside the window, met inside it. */
export const NEVER_MET = 0;
export const MET_BEFORE = 1;
export const BLOCKED = 2;

export interface Problem {
  n: number;
  ids: string[];
  deptCount: number;
  dept: Int32Array;
  pref: Uint8Array;
  satOut: Uint8Array;
  /** CSR: history partners of v are histNbr[histStart[v] .. histStart[v + 1]). */
  histStart: Int32Array;
  histNbr: Int32Array;
  /** MET_BEFORE or BLOCKED for the matching histNbr entry. */
  histRel: Uint8Array;
  /** Zones and working hours (rule 4, objective level 3); null when the instance has none. */
  schedules: Schedules | null;
  /** Ways to meet (rule 5); null when nobody states `meet` or `office`. */
  meet: MeetRules | null;
  /** Interest tags (objective level 4 of the pairs); null when nobody states `interests`. */
  interests: InterestSets | null;
}

const PREF_CODE: Record<string, number> = {
  "same-department": SAME,
  "cross-department": CROSS,
  any: ANY,
};

/** Whether two preference codes allow a pair inside one department / across departments. */
const SAME_OK = [1, 0, 1, 0, 0, 0, 1, 0, 1];
const CROSS_OK = [0, 0, 0, 0, 1, 1, 0, 1, 1];

/**
 * Builds the index form. `ids`, when given, are the instance's ids already resolved by the
 * instance check (instance-fast-check.ts), so they are not looked up again.
 */
export function buildProblem(instance: MatchingInstance, ids?: ResolvedIds): Problem {
  const fresh = ids && ids.users === instance.users && ids.history === instance.history;
  const people = indexPeople(instance, !!fresh);
  const members = fresh ? ids.members : resolveHistory(instance, people.index!);
  const history = historyEdges(instance, members, fresh ? ids.historyMonths : undefined);
  const edges = withRuleEdges(history, ruleBlockedPairs(instance));
  const schedules = buildSchedules(instance);
  const meet = buildMeetRules(instance.users);
  const interests = buildInterests(instance.users);
  return { ...people.problem, ...historyCsr(people.problem.n, edges), schedules, meet, interests };
}

/** `avoid` and `manager` pairs (rule 5) appended to the history as BLOCKED edges. */
function withRuleEdges(edges: Int32Array, pairs: Int32Array): Int32Array {
  if (pairs.length === 0) return edges;
  const all = new Int32Array(edges.length + (pairs.length / 2) * 3);
  all.set(edges);
  for (let i = 0, m = edges.length; i < pairs.length; i += 2) {
    all[m++] = pairs[i];
    all[m++] = pairs[i + 1];
    all[m++] = BLOCKED;
  }
  return all;
}

type People = Pick<Problem, "n" | "ids" | "deptCount" | "dept" | "pref" | "satOut">;

/** The people's fields as arrays; their id index too unless the ids were `checked` already. */
function indexPeople(
  instance: MatchingInstance,
  checked: boolean,
): { problem: People; index: Map<string, number> | null } {
  const users = instance.users;
  const n = users.length;
  const ids = new Array<string>(n);
  const dept = new Int32Array(n);
  const pref = new Uint8Array(n);
  const satOut = new Uint8Array(n);
  const index = checked ? null : new Map<string, number>();
  const deptIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const u = users[i];
    if (index) {
      if (index.has(u.id)) throw new Error(`duplicate user id "${u.id}"`);
      index.set(u.id, i);
    }
    ids[i] = u.id;
    let d = deptIndex.get(u.department);
    if (d === undefined) {
      d = deptIndex.size;
      deptIndex.set(u.department, d);
    }
    dept[i] = d;
    const p = PREF_CODE[u.preference];
    if (p === undefined) throw new Error(`unknown preference "${u.preference}"`);
    pref[i] = p;
    satOut[i] = u.lastSatOut ? 1 : 0;
  }
  return { problem: { n, ids, deptCount: deptIndex.size, dept, pref, satOut }, index };
}

/** History ids as user indices, MAX_GROUP slots per group; unknown ids (−1) are ignored later. */
export function resolveHistory(instance: MatchingInstance, index: Map<string, number>): Int32Array {
  const history = instance.history ?? [];
  const members = new Int32Array(history.length * MAX_GROUP).fill(-1);
  for (let g = 0; g < history.length; g++) {
    const ids = history[g].users;
    for (let j = 0; j < ids.length && j < MAX_GROUP; j++)
      members[g * MAX_GROUP + j] = index.get(ids[j]) ?? -1;
  }
  return members;
}

/**
 * A flat edge list (u, v, relation) of every pair that shared a history group; each group's month
 * from `months` when given (the command line's fast read), else from the instance's history.
 */
function historyEdges(
  instance: MatchingInstance,
  members: Int32Array,
  months?: HistoryMonths,
): Int32Array {
  const current = monthIndex(instance.month);
  const window = instance.repeatWindowMonths;
  const monthRel = new Map<string, number>();
  const relationIn = (month: string) => {
    let rel = monthRel.get(month);
    if (rel === undefined) {
      const h = monthIndex(month);
      rel = h >= current - window && h <= current - 1 ? BLOCKED : MET_BEFORE;
      monthRel.set(month, rel);
    }
    return rel;
  };
  const history = instance.history ?? [];
  const rels = months ? months.months.map(relationIn) : null;
  const monthOf = months ? months.monthOf : null;
  const count = monthOf ? monthOf.length : history.length;
  let edges = new Int32Array(Math.max(1024, count * 3 + 3));
  let m = 0;
  for (let g = 0; g < count; g++) {
    const rel = rels && monthOf ? rels[monthOf[g]] : relationIn(history[g].month);
    const at = g * MAX_GROUP;
    for (let a = at; a < at + MAX_GROUP; a++) {
      if (members[a] < 0) continue;
      for (let b = a + 1; b < at + MAX_GROUP; b++) {
        if (members[b] < 0 || members[a] === members[b]) continue;
        if (m + 3 > edges.length) {
          const grown = new Int32Array(edges.length * 2);
          grown.set(edges);
          edges = grown;
        }
        edges[m++] = members[a];
        edges[m++] = members[b];
        edges[m++] = rel;
      }
    }
  }
  return edges.subarray(0, m);
}

function historyCsr(
  n: number,
  edges: Int32Array,
): Pick<Problem, "histStart" | "histNbr" | "histRel"> {
  const m = edges.length;
  const histStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e += 3) {
    histStart[edges[e] + 1]++;
    histStart[edges[e + 1] + 1]++;
  }
  for (let i = 0; i < n; i++) histStart[i + 1] += histStart[i];
  const fill = histStart.slice(0, n);
  const histNbr = new Int32Array(histStart[n]);
  const histRel = new Uint8Array(histStart[n]);
  for (let e = 0; e < m; e += 3) {
    const a = edges[e];
    const b = edges[e + 1];
    const r = edges[e + 2];
    histNbr[fill[a]] = b;
    histRel[fill[a]++] = r;
    histNbr[fill[b]] = a;
    histRel[fill[b]++] = r;
  }
  return { histStart, histNbr, histRel };
}

/**
 * NEVER_MET, MET_BEFORE or BLOCKED for the pair (u, v). A pair without enough shared working time
 * (rule 4) or kept apart by a person's own rules (rule 5) is BLOCKED too, so every part of the
 * engine that skips blocked pairs keeps rules 4 and 5.
 */
export function relation(p: Problem, u: number, v: number): number {
  if (p.meet && !meetAllows(p.meet, u, v)) return BLOCKED;
  if (p.schedules && !schedulesAllow(p.schedules, u, v)) return BLOCKED;
  let a = u;
  let b = v;
  if (p.histStart[a + 1] - p.histStart[a] > p.histStart[b + 1] - p.histStart[b]) {
    a = v;
    b = u;
  }
  let rel = NEVER_MET;
  const end = p.histStart[a + 1];
  for (let i = p.histStart[a]; i < end; i++) {
    if (p.histNbr[i] === b && p.histRel[i] > rel) {
      rel = p.histRel[i];
      if (rel === BLOCKED) break;
    }
  }
  return rel;
}

/** Rule 2 only: do both preferences allow the pair? */
export function compatible(p: Problem, u: number, v: number): boolean {
  const k = p.pref[u] * 3 + p.pref[v];
  return p.dept[u] === p.dept[v] ? SAME_OK[k] === 1 : CROSS_OK[k] === 1;
}

/** Rules 2 to 5: may u and v share a group this month? */
export function allowed(p: Problem, u: number, v: number): boolean {
  return u !== v && compatible(p, u, v) && relation(p, u, v) !== BLOCKED;
}

/**
 * Rule 4 for a group of three or four as a whole: the time all of them work at once (each pair
 * is checked by `allowed`).
 */
export function groupTimeAllowed(p: Problem, members: ArrayLike<number>): boolean {
  return !p.schedules || members.length < 3 || groupSchedulesAllow(p.schedules, members);
}

/** Shared time above this many hours in two weeks counts alike (level 3 of the objective). */
export const SHARED_HOURS_CAP = 120;

/** Objective level 3 of one pair: whole hours both work in the two weeks, capped; 0 without zones. */
export function sharedHours(p: Problem, u: number, v: number): number {
  if (!p.schedules) return 0;
  return Math.min(SHARED_HOURS_CAP, Math.floor(pairSharedMinutes(p.schedules, u, v) / 60));
}

/** Objective level 4 of one pair: the interest tags both state, capped; 0 without any. */
export function sharedInterests(p: Problem, u: number, v: number): number {
  return p.interests ? sharedInterestCount(p.interests, u, v) : 0;
}

export function isCross(p: Problem, u: number, v: number): number {
  return p.dept[u] === p.dept[v] ? 0 : 1;
}

/**
 * Upper bound on cross-department pairs: the largest matching of the complete multipartite
 * graph on cross-department and "any" people, min(⌊P/2⌋, P − max share).
 */
export function crossUpperBound(p: Problem): number {
  const per = new Int32Array(p.deptCount);
  let total = 0;
  for (let v = 0; v < p.n; v++) {
    if (p.pref[v] !== SAME) {
      per[p.dept[v]]++;
      total++;
    }
  }
  let max = 0;
  for (let d = 0; d < p.deptCount; d++) if (per[d] > max) max = per[d];
  return Math.min(Math.floor(total / 2), total - max);
}

/**
 * Rules 3, 4 and 5: did u and v share a group inside the repeat window, share too little time, or
 * does a person's own rule keep them apart?
 */
export function blocked(p: Problem, u: number, v: number): boolean {
  if (p.meet && !meetAllows(p.meet, u, v)) return true;
  if (p.schedules && !schedulesAllow(p.schedules, u, v)) return true;
  let a = u;
  let b = v;
  if (p.histStart[a + 1] - p.histStart[a] > p.histStart[b + 1] - p.histStart[b]) {
    a = v;
    b = u;
  }
  const end = p.histStart[a + 1];
  for (let i = p.histStart[a]; i < end; i++) {
    if (p.histNbr[i] === b && p.histRel[i] === BLOCKED) return true;
  }
  return false;
}

/** The problem of some of `p`'s people (`people[i]` becomes person i), history included. */
export function subProblem(p: Problem, people: number[]): Problem {
  const at = new Int32Array(p.n).fill(-1);
  for (let i = 0; i < people.length; i++) at[people[i]] = i;
  const n = people.length;
  const histStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const v = people[i];
    let kept = 0;
    for (let e = p.histStart[v]; e < p.histStart[v + 1]; e++) if (at[p.histNbr[e]] >= 0) kept++;
    histStart[i + 1] = histStart[i] + kept;
  }
  const histNbr = new Int32Array(histStart[n]);
  const histRel = new Uint8Array(histStart[n]);
  for (let i = 0, k = 0; i < n; i++) {
    const v = people[i];
    for (let e = p.histStart[v]; e < p.histStart[v + 1]; e++) {
      if (at[p.histNbr[e]] < 0) continue;
      histNbr[k] = at[p.histNbr[e]];
      histRel[k++] = p.histRel[e];
    }
  }
  return {
    n,
    ids: people.map((v) => p.ids[v]),
    deptCount: p.deptCount,
    dept: Int32Array.from(people, (v) => p.dept[v]),
    pref: Uint8Array.from(people, (v) => p.pref[v]),
    satOut: Uint8Array.from(people, (v) => p.satOut[v]),
    histStart,
    histNbr,
    histRel,
    schedules: p.schedules && {
      cls: Int32Array.from(people, (v) => p.schedules!.cls[v]),
      table: p.schedules.table,
    },
    meet: p.meet && {
      ways: Uint8Array.from(people, (v) => p.meet!.ways[v]),
      office: Int32Array.from(people, (v) => p.meet!.office[v]),
      officeNames: p.meet.officeNames,
    },
    interests: p.interests && subInterests(p.interests, people),
  };
}
