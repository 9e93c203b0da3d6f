/**
 * The compact, index-based form of an instance that every algorithm works on: people are
 * 0..n-1, departments are small integers, and the history is a CSR adjacency list whose
 * entries say whether a pair met inside the repeat window (blocked) or only earlier.
 */
import type { MatchingInstance } from "./types";
import { monthIndex } from "./window";

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
}

const PREF_CODE: Record<string, number> = {
  "same-department": SAME,
  "cross-department": CROSS,
  any: ANY,
};

/** Whether two preference codes allow a pair inside one department / across departments. */
const SAME_OK = [1, 0, 1, 0, 0, 0, 1, 0, 1];
const CROSS_OK = [0, 0, 0, 0, 1, 1, 0, 1, 1];

export function buildProblem(instance: MatchingInstance): Problem {
  const users = instance.users;
  const n = users.length;
  const ids = new Array<string>(n);
  const dept = new Int32Array(n);
  const pref = new Uint8Array(n);
  const satOut = new Uint8Array(n);
  const index = new Map<string, number>();
  const deptIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const u = users[i];
    if (index.has(u.id)) throw new Error(`duplicate user id "${u.id}"`);
    index.set(u.id, i);
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

  // Resolve history pairs into a flat edge list (u, v, relation); unknown ids are ignored here
  // (the schema rejects them before the engine runs).
  const current = monthIndex(instance.month);
  const window = instance.repeatWindowMonths;
  const monthRel = new Map<string, number>();
  let edges = new Int32Array(1024);
  let m = 0;
  const members: number[] = [];
  for (const group of instance.history ?? []) {
    let rel = monthRel.get(group.month);
    if (rel === undefined) {
      const h = monthIndex(group.month);
      rel = h >= current - window && h <= current - 1 ? BLOCKED : MET_BEFORE;
      monthRel.set(group.month, rel);
    }
    members.length = 0;
    for (const id of group.users) {
      const x = index.get(id);
      if (x !== undefined) members.push(x);
    }
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length; b++) {
        if (members[a] === members[b]) continue;
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
  return { n, ids, deptCount: deptIndex.size, dept, pref, satOut, histStart, histNbr, histRel };
}

/** NEVER_MET, MET_BEFORE or BLOCKED for the pair (u, v). */
export function relation(p: Problem, u: number, v: number): number {
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

/** Rules 2 and 3: may u and v share a group this month? */
export function allowed(p: Problem, u: number, v: number): boolean {
  return u !== v && compatible(p, u, v) && relation(p, u, v) !== BLOCKED;
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

/** Rule 3 only: did u and v share a group inside the repeat window? */
export function blocked(p: Problem, u: number, v: number): boolean {
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
