/**
 * Seeded generator of realistic pairing instances (used by the benchmark and the tests):
 * departments of uneven size, a mix of preferences, and months of history in which about half
 * the groups were made inside a department and half across departments.
 */

import type { Rng } from "../src/server/matching/rng";
import { createRng, shuffleInPlace } from "../src/server/matching/rng";
import type { HistoryGroup, MatchingInstance, MatchingUser } from "../src/server/matching/types";
import { formatMonth, monthIndex } from "../src/server/matching/window";
import type { OddPolicy } from "../src/shared/enums";

export interface GenerateOptions {
  people: number;
  departments: number;
  /** Months of history before `month` (default 12). */
  historyMonths?: number;
  repeatWindowMonths?: number;
  month?: string;
  seed?: number;
  oddPolicy?: OddPolicy;
  /** Relative weights of same-department, cross-department and any (default 1 : 1.5 : 2). */
  preferenceMix?: [number, number, number];
  /** Department size skew: size of department d ∝ 1 / (d + 1)^skew (default 0.6). */
  skew?: number;
  /** Share of people who sat out last time (default 0.02). */
  lastSatOutShare?: number;
  /** Share of people paired in each history month (default 0.9). */
  historyCoverage?: number;
  /**
   * Relative weights of the group sizes 2, 3 and 4 people choose; absent, nobody states one
   * (everyone one-to-one, as before group sizes existed).
   */
  groupSizeMix?: [number, number, number];
  /** Include the instance's own seed (default true). */
  withSeed?: boolean;
  /**
   * Give everyone a zone and working hours (ZONES below: offices in Berlin, New York, San
   * Francisco, Kolkata and Sydney) and ask for this many shared minutes (FORMAT.md, rule 4).
   */
  minOverlapMinutes?: number;
  /**
   * Give people their own rules (FORMAT.md, rule 5): a manager (an earlier person of their
   * department, for nine in ten), a "never with" list for one in ten (1–3 people), an office (five
   * offices), a way to meet (either 70%, online 15%, in person 15%) and, for six in ten, 1–5
   * interest tags of forty.
   */
  ownRules?: boolean;
}

const officeHours = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

/** Zones with their share of the people; some work other hours than the office's. */
const ZONES = [
  { weight: 4, timeZone: "Europe/Berlin", hours: officeHours("09:00", "17:00") },
  { weight: 1, timeZone: "Europe/Berlin", hours: officeHours("08:00", "15:00") },
  { weight: 2.5, timeZone: "America/New_York", hours: officeHours("09:00", "17:00") },
  { weight: 1.5, timeZone: "America/Los_Angeles", hours: officeHours("08:00", "16:00") },
  { weight: 1, timeZone: "Asia/Kolkata", hours: officeHours("09:30", "18:00") },
  { weight: 1, timeZone: "Australia/Sydney", hours: officeHours("09:00", "17:00") },
];

function pickWeighted(rng: Rng, weights: number[], total: number): number {
  let r = (rng.next() / 0x100000000) * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

export function generateInstance(options: GenerateOptions): MatchingInstance {
  const seed = options.seed ?? 1;
  const rng = createRng(seed ^ 0x5bd1e995);
  const month = options.month ?? "2027-03";
  const months = options.historyMonths ?? 12;
  const coverage = options.historyCoverage ?? 0.9;
  const mix = options.preferenceMix ?? [1, 1.5, 2];
  const skew = options.skew ?? 0.6;
  const deptWeights = Array.from({ length: options.departments }, (_, d) => 1 / (d + 1) ** skew);
  const deptTotal = deptWeights.reduce((a, b) => a + b, 0);
  const mixTotal = mix[0] + mix[1] + mix[2];
  const prefs = ["same-department", "cross-department", "any"] as const;
  const satOutShare = options.lastSatOutShare ?? 0.02;
  const width = String(options.people).length;

  const users: MatchingUser[] = [];
  for (let i = 0; i < options.people; i++) {
    const user: MatchingUser = {
      id: `u${String(i).padStart(width, "0")}`,
      department: `dept-${pickWeighted(rng, deptWeights, deptTotal)}`,
      preference: prefs[pickWeighted(rng, mix, mixTotal)],
    };
    if (rng.next() / 0x100000000 < satOutShare) user.lastSatOut = true;
    const sizes = options.groupSizeMix;
    if (sizes) {
      const size = ([2, 3, 4] as const)[pickWeighted(rng, sizes, sizes[0] + sizes[1] + sizes[2])];
      if (size !== 2) user.groupSize = size;
    }
    users.push(user);
  }

  const history: HistoryGroup[] = [];
  const current = monthIndex(month);
  for (let m = months; m >= 1; m--) {
    const label = formatMonth(current - m);
    const people = users.filter(() => rng.next() / 0x100000000 < coverage);
    shuffleInPlace(people, rng);
    const half = people.length >> 1;
    // First half: grouped by department (mostly same-department pairs); second half: random.
    const inside = people.slice(0, half).sort((a, b) => (a.department < b.department ? -1 : 1));
    const across = people.slice(half);
    for (const list of [inside, across]) {
      for (let i = 0; i + 1 < list.length; i += 2) {
        const group = [list[i].id, list[i + 1].id];
        if (i + 3 === list.length) group.push(list[i + 2].id);
        history.push({ users: group, month: label });
      }
    }
  }
  shuffleInPlace(history, rng);

  const instance: MatchingInstance = {
    month,
    repeatWindowMonths: options.repeatWindowMonths ?? 3,
    oddPolicy: options.oddPolicy ?? "sit-out",
    users,
    history,
  };
  if (options.withSeed ?? true) instance.seed = seed;
  if (options.minOverlapMinutes !== undefined) {
    // A stream of its own: the rest of the instance is the same as without zones.
    const zoneRng = createRng(seed ^ 0x27d4eb2f);
    const weights = ZONES.map((z) => z.weight);
    const total = weights.reduce((a, b) => a + b, 0);
    for (const user of users) {
      const zone = ZONES[pickWeighted(zoneRng, weights, total)];
      user.timeZone = zone.timeZone;
      user.hours = zone.hours;
    }
    instance.overlapFrom = "2027-03-08";
    instance.minOverlapMinutes = options.minOverlapMinutes;
  }
  if (options.ownRules) addOwnRules(users, createRng(seed ^ 0x165667b1));
  return instance;
}

const OFFICES = ["Berlin", "New York", "San Francisco", "Kolkata", "Sydney"];
const MEET = ["either", "online", "in-person"] as const;

/** Rule 5's fields from a stream of their own, so the rest of the instance stays the same. */
function addOwnRules(users: MatchingUser[], rng: Rng): void {
  const random = () => rng.next() / 0x100000000;
  const lastOf = new Map<string, string>();
  for (const user of users) {
    const boss = lastOf.get(user.department);
    if (boss !== undefined && random() < 0.9) user.manager = boss;
    if (random() < 0.5) lastOf.set(user.department, user.id);
    if (random() < 0.1) {
      const count = 1 + Math.floor(random() * 3);
      user.avoid = Array.from({ length: count }, () => users[rng.below(users.length)].id);
    }
    user.office = OFFICES[pickWeighted(rng, [4, 2.5, 1.5, 1, 1], 10)];
    user.meet = MEET[pickWeighted(rng, [70, 15, 15], 100)];
    if (random() < 0.6) {
      const count = 1 + Math.floor(random() * 5);
      user.interests = [...new Set(Array.from({ length: count }, () => `tag${rng.below(40)}`))];
    }
  }
}
