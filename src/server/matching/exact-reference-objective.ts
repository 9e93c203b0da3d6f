/**
 * The exhaustive reference for every level of the objective with group choices (FORMAT.md,
 * "Groups by choice"), written from FORMAT.md alone like exact-reference.ts: a dynamic programme
 * over every subset of up to 14 people, each state's best result as the list of its levels
 * compared in order. Its levels, counted with its own code: people placed, people in another
 * size than their choice (negated), cross-department pairs, shared working hours, shared
 * interest tags, never-met pairs, people placed who sat out last time.
 */
import { REFERENCE_LIMIT, referenceGroupFits } from "./exact-reference";
import { sharedMinutesCounter } from "./shared-minutes-check";
import type { MatchingInstance } from "./types";

export type Levels = number[];

const HOURS_CAP = 120;
const TAGS_CAP = 10;

/** Is `a` better than `b`, level by level? */
function better(a: Levels, b: Levels): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** The levels of one group (indices of `instance.users`), counted from FORMAT.md. */
export function referenceGroupLevels(instance: MatchingInstance): (members: number[]) => Levels {
  const users = instance.users;
  const count = sharedMinutesCounter(instance);
  const met = new Set<string>();
  for (const h of instance.history ?? [])
    for (const a of h.users) for (const b of h.users) if (a !== b) met.add(`${a} ${b}`);
  const hours = (a: number, b: number) => {
    const x = users[a];
    const y = users[b];
    if (!count || !x.timeZone || !x.hours || !y.timeZone || !y.hours) return 0;
    return Math.min(HOURS_CAP, Math.floor(count([x, y]) / 60));
  };
  const tags = (a: number, b: number) => {
    const theirs = new Set(users[b].interests ?? []);
    const both = new Set((users[a].interests ?? []).filter((t) => theirs.has(t)));
    return Math.min(TAGS_CAP, both.size);
  };
  return (members) => {
    const levels = [members.length, 0, 0, 0, 0, 0, 0];
    for (const [i, a] of members.entries()) {
      if ((users[a].groupSize ?? 2) !== members.length) levels[1]--;
      if (users[a].lastSatOut) levels[6]++;
      for (const b of members.slice(i + 1)) {
        if (users[a].department !== users[b].department) levels[2]++;
        levels[3] += hours(a, b);
        levels[4] += tags(a, b);
        if (!met.has(`${users[a].id} ${users[b].id}`)) levels[5]++;
      }
    }
    return levels;
  };
}

/** The levels of a whole result's groups (ids), summed. */
export function referenceResultLevels(instance: MatchingInstance, groups: string[][]): Levels {
  const at = new Map(instance.users.map((u, i) => [u.id, i]));
  const levelsOf = referenceGroupLevels(instance);
  const total = [0, 0, 0, 0, 0, 0, 0];
  for (const g of groups) {
    const levels = levelsOf(g.map((id) => at.get(id) as number));
    for (let i = 0; i < total.length; i++) total[i] += levels[i];
  }
  return total;
}

/** The best levels any result keeping every rule reaches on `instance` (at most 14 people). */
export function referenceBestLevels(instance: MatchingInstance): Levels {
  const n = instance.users.length;
  if (n > REFERENCE_LIMIT) throw new Error(`the reference takes at most ${REFERENCE_LIMIT} people`);
  const fits = referenceGroupFits(instance);
  const levelsOf = referenceGroupLevels(instance);
  const oneToOne = (members: number[]) =>
    members.length === 3 && members.every((v) => (instance.users[v].groupSize ?? 2) === 2);
  const memo = new Map<number, Levels>();
  const best = (mask: number, trios: number): Levels => {
    if (mask === 0) return [0, 0, 0, 0, 0, 0, 0];
    const key = mask * 2 + trios;
    const known = memo.get(key);
    if (known) return known;
    let low = 0;
    while (!(mask & (1 << low))) low++;
    let top = best(mask & ~(1 << low), trios);
    const others: number[] = [];
    for (let j = low + 1; j < n; j++) if (mask & (1 << j)) others.push(j);
    const visit = (members: number[], from: number) => {
      if (members.length >= 2 && fits(members) && (!oneToOne(members) || trios > 0)) {
        let bits = 0;
        for (const v of members) bits |= 1 << v;
        const rest = best(mask & ~bits, trios - (oneToOne(members) ? 1 : 0));
        const own = levelsOf(members);
        const total = own.map((x, i) => x + rest[i]);
        if (better(total, top)) top = total;
      }
      if (members.length === 4) return;
      for (let k = from; k < others.length; k++) visit([...members, others[k]], k + 1);
    };
    visit([low], 0);
    memo.set(key, top);
    return top;
  };
  return best((1 << n) - 1, instance.oddPolicy === "trio" ? 1 : 0);
}
