/**
 * The yardstick of the search's property tests and of `npm run bench:engine-exact`: the most
 * people any result may place, by a dynamic programme over every subset of up to 14 people,
 * written from FORMAT.md alone (it shares no code with the engine): groups of 2–4 in which every
 * pair is allowed (preferences, repeat window, shared working time — counted by the validator's
 * own shared-minutes-check.ts —, each person's own rules by its personal-rules-check.ts), everyone within one size of their choice, and
 * trios of only one-to-one people as the odd policy allows (none under `sit-out`, one under
 * `trio`). Also the random instances those tests draw.
 */
import fc from "fast-check";
import { personalRuleBreak } from "./personal-rules-check";
import { sharedMinutesCounter } from "./shared-minutes-check";
import type { MatchingInstance, MatchingUser } from "./types";
import { isInWindow } from "./window";

export const REFERENCE_LIMIT = 14;

function mayShare(instance: MatchingInstance): (a: number, b: number) => boolean {
  const users = instance.users;
  const recent = new Set<string>();
  for (const h of instance.history ?? []) {
    if (!isInWindow(h.month, instance.month, instance.repeatWindowMonths)) continue;
    for (const a of h.users) for (const b of h.users) if (a !== b) recent.add(`${a} ${b}`);
  }
  const wants = (u: MatchingUser, same: boolean) =>
    u.preference === "any" || (u.preference === "same-department") === same;
  const shareTime = sharesTime(instance);
  return (a, b) => {
    const x = users[a];
    const y = users[b];
    const same = x.department === y.department;
    return (
      wants(x, same) &&
      wants(y, same) &&
      !recent.has(`${x.id} ${y.id}`) &&
      personalRuleBreak(x, y) === null &&
      shareTime([a, b])
    );
  };
}

/** Rule 4 for a group of people (indices): the minimum of shared working minutes, or no rule. */
function sharesTime(instance: MatchingInstance): (members: number[]) => boolean {
  const count = sharedMinutesCounter(instance);
  const min = instance.minOverlapMinutes ?? 0;
  return (members) => !count || count(members.map((v) => instance.users[v])) >= min;
}

/**
 * May these people (indices, 2–4 of them) form a group: every pair allowed, everyone within one
 * size of their choice, rule 4 for the group as a whole? (The odd policy is the caller's.)
 */
export function referenceGroupFits(instance: MatchingInstance): (members: number[]) => boolean {
  const ok = mayShare(instance);
  const shareTime = sharesTime(instance);
  const choice = instance.users.map((u) => u.groupSize ?? 2);
  return (members) => {
    const size = members.length;
    for (const [i, a] of members.entries()) {
      if (Math.abs(choice[a] - size) > 1) return false;
      for (const b of members.slice(i + 1)) if (!ok(a, b)) return false;
    }
    return size < 3 || shareTime(members);
  };
}

/** The most people of `instance` (at most 14) that a result keeping every rule places. */
export function referenceMostPlaced(instance: MatchingInstance): number {
  const n = instance.users.length;
  if (n > REFERENCE_LIMIT) throw new Error(`the reference takes at most ${REFERENCE_LIMIT} people`);
  const fits = referenceGroupFits(instance);
  const choice = instance.users.map((u) => u.groupSize ?? 2);
  const trioLimit = instance.oddPolicy === "trio" ? 1 : 0;
  const memo = new Map<number, number>();
  const best = (mask: number, trios: number): number => {
    if (mask === 0) return 0;
    const key = mask * 2 + trios;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let low = 0;
    while (!(mask & (1 << low))) low++;
    const rest = mask & ~(1 << low);
    let value = best(rest, trios);
    const others: number[] = [];
    for (let j = low + 1; j < n; j++) if (rest & (1 << j)) others.push(j);
    const visit = (members: number[], from: number) => {
      if (members.length >= 2 && fits(members)) {
        const oneToOneTrio = members.length === 3 && members.every((v) => choice[v] === 2);
        if (!oneToOneTrio || trios > 0) {
          let bits = 0;
          for (const v of members) bits |= 1 << v;
          const left = trios - (oneToOneTrio ? 1 : 0);
          value = Math.max(value, members.length + best(mask & ~bits, left));
        }
      }
      if (members.length === 4) return;
      for (let k = from; k < others.length; k++) visit([...members, others[k]], k + 1);
    };
    visit([low], 0);
    memo.set(key, value);
    return value;
  };
  return best((1 << n) - 1, trioLimit);
}

/** A small seeded generator (mulberry32), so an instance follows from the drawn numbers alone. */
function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFERENCES = ["same-department", "cross-department", "any"] as const;

const weekdays = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

/**
 * Zones and hours the random instances draw from when they count shared working time: two weeks
 * from 22 March 2027 hold Europe's spring change and Sydney's autumn change.
 */
export const RANDOM_SCHEDULES: Pick<MatchingUser, "timeZone" | "hours">[] = [
  { timeZone: "Europe/Berlin", hours: weekdays("09:00", "17:00") },
  { timeZone: "America/New_York", hours: weekdays("09:00", "17:00") },
  { timeZone: "America/Los_Angeles", hours: weekdays("08:00", "16:00") },
  { timeZone: "Asia/Kolkata", hours: weekdays("10:00", "18:30") },
  { timeZone: "Australia/Sydney", hours: weekdays("09:00", "17:00") },
  { timeZone: "Europe/Berlin", hours: weekdays("07:00", "12:00") },
];
export const RANDOM_OVERLAP_FROM = "2027-03-22";
const MONTHS = ["2026-12", "2027-01", "2027-02"];

/**
 * Instances of 2–14 people (mostly 8–14) in three departments, mixed preferences, group sizes 2,
 * 3 and 4 chosen 3 : 1 : 1, one to three months of history of pairs and trios (about nine in ten
 * people grouped each month), either odd policy.
 */
export const smallMixedInstances = fc
  .record({
    people: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 8, max: REFERENCE_LIMIT }) },
      { weight: 1, arbitrary: fc.integer({ min: 2, max: 7 }) },
    ),
    months: fc.integer({ min: 1, max: 3 }),
    window: fc.integer({ min: 1, max: 3 }),
    oddPolicy: fc.constantFrom("sit-out" as const, "trio" as const),
    draw: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    minOverlap: fc.option(fc.constantFrom(60, 240, 600), { freq: 2 }),
  })
  .map(({ people, months, window, oddPolicy, draw, minOverlap }): MatchingInstance => {
    const random = mulberry(draw);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const users: MatchingUser[] = Array.from({ length: people }, (_, i) => {
      const size = pick([2, 2, 2, 3, 4] as const);
      return {
        id: `u${i}`,
        department: `d${Math.floor(random() * 3)}`,
        preference: pick(PREFERENCES),
        ...(size === 2 ? {} : { groupSize: size }),
        ...(random() < 0.15 ? { lastSatOut: true } : {}),
      };
    });
    const history = MONTHS.slice(3 - months).flatMap((month) => {
      const ids = users.filter(() => random() < 0.9).map((u) => u.id);
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [ids[i], ids[j]] = [ids[j], ids[i]];
      }
      const groups: { users: string[]; month: string }[] = [];
      for (let i = 0; i + 1 < ids.length; ) {
        const size = i + 3 <= ids.length && random() < 0.3 ? 3 : 2;
        groups.push({ users: ids.slice(i, i + size), month });
        i += size;
      }
      return groups;
    });
    const base = { month: "2027-03", repeatWindowMonths: window, seed: draw, oddPolicy, history };
    withOwnRules(users, draw);
    if (minOverlap === null) return { ...base, users };
    // A stream of its own, so the instances without schedules stay as they were drawn before.
    const zones = mulberry(draw ^ 0x5bd1e995);
    const zoned = users.map((u) => ({
      ...u,
      ...RANDOM_SCHEDULES[Math.floor(zones() * RANDOM_SCHEDULES.length)],
    }));
    return {
      ...base,
      users: zoned,
      overlapFrom: RANDOM_OVERLAP_FROM,
      minOverlapMinutes: minOverlap,
    };
  });

const MEET = ["either", "either", "online", "in-person", undefined] as const;
const OFFICES = ["Berlin", "Paris", "Paris", undefined] as const;
const INTERESTS = ["climbing", "chess", "jazz"] as const;

/**
 * Half the instances (a stream of its own) give people rule 5's fields: a few `avoid` ids (some
 * of people not in the instance), a `manager`, a way to meet, an office and interest tags (which
 * only rank, never change how many are placed).
 */
function withOwnRules(users: MatchingUser[], draw: number): void {
  const random = mulberry(draw ^ 0x27d4eb2f);
  if (random() < 0.5) return;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const someone = () => (random() < 0.1 ? "elsewhere" : `u${Math.floor(random() * users.length)}`);
  for (const u of users) {
    if (random() < 0.25) u.avoid = random() < 0.5 ? [someone()] : [someone(), someone()];
    if (random() < 0.3) u.manager = someone();
    const meet = pick(MEET);
    if (meet) u.meet = meet;
    const office = pick(OFFICES);
    if (office) u.office = office;
    if (random() < 0.5) u.interests = [pick(INTERESTS), pick(INTERESTS)];
  }
}
