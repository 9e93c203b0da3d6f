/**
 * A strong starting matching built in near-linear time, department bucket by bucket:
 *
 * 1. same-department people pair inside their department (a maximum matching of those pairs, so
 *    that "any" colleagues are spent on same-department people only when unavoidable);
 * 2. an odd one left over takes an "any" colleague of the same department;
 * 3. the cross pool (cross-department and "any" people) pairs across departments: always one
 *    person from the currently largest department with a random person from the others (which
 *    reaches the maximum matching of the complete multipartite graph), cross-department people
 *    first so that leftovers are, where possible, "any" people;
 * 4. leftover "any" people pair inside their department.
 *
 * Partners are taken never-met first (with zones: more shared working time first, among the few
 * at the top of a list) and never inside the repeat window. Whoever is left is handed to the
 * augmenting-path phase.
 */
import { maximizeCardinality } from "./augment";
import type { Buckets } from "./buckets";
import type { Problem } from "./problem";
import { ANY, BLOCKED, CROSS, MET_BEFORE, NEVER_MET, relation, SAME, sharedHours } from "./problem";
import type { Rng } from "./rng";

/** With zones, how many allowed partners from the end of a list are compared for shared time. */
const TIME_LOOK = 6;

/**
 * Index in arr (searched from the end) of the best partner for x: never met, else met before.
 * With zones, the first TIME_LOOK allowed ones are compared by shared time first (objective
 * level 3), so the start already pairs people who can meet for longer.
 */
function pickPartner(p: Problem, x: number, arr: number[]): number {
  if (p.schedules) return pickByTime(p, x, arr);
  let fallback = -1;
  for (let i = arr.length - 1; i >= 0; i--) {
    const r = relation(p, x, arr[i]);
    if (r === NEVER_MET) return i;
    if (r === MET_BEFORE && fallback < 0) fallback = i;
  }
  return fallback;
}

function pickByTime(p: Problem, x: number, arr: number[]): number {
  // Nobody shares more time with x than x works, so a never-met partner at that stops the look.
  const most = sharedHours(p, x, x);
  let best = -1;
  let bestScore = -1;
  for (let i = arr.length - 1, seen = 0; i >= 0 && seen < TIME_LOOK; i--) {
    const r = relation(p, x, arr[i]);
    if (r === BLOCKED) continue;
    seen++;
    const hours = sharedHours(p, x, arr[i]);
    const score = 2 * hours + (r === NEVER_MET ? 1 : 0);
    if (score > bestScore) {
      best = i;
      bestScore = score;
      if (hours >= most && r === NEVER_MET) break;
    }
  }
  return best;
}

/** Sizes per department with sum, arg-max and weighted lookup in O(log D). */
class DeptTree {
  private readonly size: number;
  private readonly sum: Int32Array;
  private readonly max: Int32Array;
  constructor(count: number) {
    let s = 1;
    while (s < count) s *= 2;
    this.size = s;
    this.sum = new Int32Array(2 * s);
    this.max = new Int32Array(2 * s);
  }
  set(d: number, value: number): void {
    let i = this.size + d;
    this.sum[i] = this.max[i] = value;
    for (i >>= 1; i >= 1; i >>= 1) {
      this.sum[i] = this.sum[2 * i] + this.sum[2 * i + 1];
      this.max[i] = Math.max(this.max[2 * i], this.max[2 * i + 1]);
    }
  }
  total(): number {
    return this.sum[1];
  }
  argMax(): number {
    let i = 1;
    while (i < this.size) i = this.max[2 * i] >= this.max[2 * i + 1] ? 2 * i : 2 * i + 1;
    return i - this.size;
  }
  prefixBefore(d: number): number {
    let s = 0;
    for (let i = this.size + d; i > 1; i >>= 1) if (i & 1) s += this.sum[i - 1];
    return s;
  }
  /** The department holding the r-th person (0-based) in department order. */
  at(r0: number): number {
    let r = r0;
    let i = 1;
    while (i < this.size) {
      if (r < this.sum[2 * i]) i = 2 * i;
      else {
        r -= this.sum[2 * i];
        i = 2 * i + 1;
      }
    }
    return i - this.size;
  }
}

/**
 * A maximum matching of the same-department pairs. Among same-department people the graph falls
 * apart into one component per department, and an augmenting path joins two exposed people of
 * one component, so only departments with two or more people left over are searched (a search
 * in the others fails, after exploring the whole department).
 */
function maximizeSameDepartment(p: Problem, b: Buckets, mate: Int32Array, left: number[]): void {
  const exposed = new Int32Array(p.deptCount);
  for (const v of left) exposed[p.dept[v]]++;
  const alive = new Uint8Array(p.n);
  let any = false;
  for (let v = 0; v < p.n; v++) {
    if (p.pref[v] === SAME && exposed[p.dept[v]] > 1) {
      alive[v] = 1;
      any = true;
    }
  }
  if (any) maximizeCardinality(p, b, mate, alive);
}

export function greedyMatching(p: Problem, b: Buckets, rng: Rng): Int32Array {
  const mate = new Int32Array(p.n).fill(-1);
  const D = p.deptCount;
  if (D === 0) return mate;
  const pair = (x: number, y: number): void => {
    mate[x] = y;
    mate[y] = x;
  };
  const bucket = (d: number, pref: number): number[] =>
    Array.from(b.members.subarray(b.start[d * 3 + pref], b.start[d * 3 + pref + 1]));
  const pairWithin = (arr: number[], left: number[]): void => {
    while (arr.length >= 2) {
      const x = arr.pop()!;
      const i = pickPartner(p, x, arr);
      if (i < 0) left.push(x);
      else pair(x, arr.splice(i, 1)[0]);
    }
    if (arr.length === 1) left.push(arr.pop()!);
  };

  const sameLeft: number[] = [];
  for (let d = 0; d < D; d++) pairWithin(bucket(d, SAME), sameLeft);
  if (sameLeft.length > 1) maximizeSameDepartment(p, b, mate, sameLeft);
  const stacks: number[][] = [];
  const lonelySame: number[][] = [];
  for (let d = 0; d < D; d++) {
    const anys = bucket(d, ANY);
    const still: number[] = [];
    for (const s of bucket(d, SAME)) {
      if (mate[s] !== -1) continue;
      const i = pickPartner(p, s, anys);
      if (i < 0) still.push(s);
      else pair(s, anys.splice(i, 1)[0]);
    }
    lonelySame.push(still);
    stacks.push(anys.concat(bucket(d, CROSS)));
  }

  const tree = new DeptTree(D);
  for (let d = 0; d < D; d++) tree.set(d, stacks[d].length);
  for (;;) {
    const X = tree.argMax();
    const sx = stacks[X].length;
    const rest = tree.total() - sx;
    if (sx === 0 || rest === 0) break;
    const x = stacks[X].pop()!;
    const before = tree.prefixBefore(X);
    let y = -1;
    for (let attempt = 0; attempt < 4 && y < 0; attempt++) {
      let r = rng.below(rest);
      if (r >= before) r += sx;
      const Y = tree.at(r);
      const i = pickPartner(p, x, stacks[Y]);
      if (i >= 0) {
        y = stacks[Y].splice(i, 1)[0];
        tree.set(Y, stacks[Y].length);
      }
    }
    tree.set(X, stacks[X].length);
    // Without a partner (everyone tried was blocked) x stays exposed for the augmenting phase.
    if (y >= 0) pair(x, y);
  }

  for (let d = 0; d < D; d++) {
    const anys = stacks[d].filter((v) => p.pref[v] === ANY);
    for (const s of lonelySame[d]) {
      const i = pickPartner(p, s, anys);
      if (i >= 0) pair(s, anys.splice(i, 1)[0]);
    }
    pairWithin(anys, []);
  }
  return mate;
}
