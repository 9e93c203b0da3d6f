/**
 * Each person's own rules in the engine's index form (FORMAT.md, rule 5): `avoid` and `manager`
 * become pairs that may not meet, added to the history as BLOCKED pairs, so every method that
 * skips blocked pairs keeps them; the way to meet is two small arrays answered per pair by
 * `meetAllows`, checked in `relation` and `blocked` like shared working time.
 */
import type {
  GroupMeeting,
  MatchingInstance,
  MatchingResult,
  MatchingUser,
  MeetWay,
} from "./types";

/** Bits of `MeetRules.ways`: the person accepts meeting online / in person. */
export const ONLINE = 1;
export const IN_PERSON = 2;

const WAY_BITS: Record<MeetWay, number> = {
  online: ONLINE,
  "in-person": IN_PERSON,
  either: ONLINE | IN_PERSON,
};

export interface MeetRules {
  ways: Uint8Array;
  /** Office index per person, −1 without an office. */
  office: Int32Array;
  officeNames: string[];
}

const usesMeet = (u: MatchingUser) => u.meet !== undefined || u.office !== undefined;
const usesPairRules = (u: MatchingUser) => u.avoid !== undefined || u.manager !== undefined;

/** The way-to-meet arrays, or null when nobody states `meet` or `office` (no rule at all). */
export function buildMeetRules(users: readonly MatchingUser[]): MeetRules | null {
  if (!users.some(usesMeet)) return null;
  const n = users.length;
  const ways = new Uint8Array(n);
  const office = new Int32Array(n).fill(-1);
  const offices = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const u = users[i];
    ways[i] = WAY_BITS[u.meet ?? "either"];
    if (u.office === undefined) continue;
    let o = offices.get(u.office);
    if (o === undefined) {
      o = offices.size;
      offices.set(u.office, o);
    }
    office[i] = o;
  }
  return { ways, office, officeNames: [...offices.keys()] };
}

/** Both accept online, or both accept in person and share an office. */
export function meetAllows(m: MeetRules, u: number, v: number): boolean {
  const both = m.ways[u] & m.ways[v];
  if (both & ONLINE) return true;
  return (both & IN_PERSON) !== 0 && m.office[u] >= 0 && m.office[u] === m.office[v];
}

/**
 * Pairs kept apart by `avoid` (either lists the other) and `manager` (a person and their manager),
 * as a flat list (u, v, u, v, …) of user indices; ids of people not in the instance are ignored.
 */
export function ruleBlockedPairs(instance: MatchingInstance): Int32Array {
  const users = instance.users;
  if (!users.some(usesPairRules)) return new Int32Array(0);
  const index = new Map<string, number>();
  for (let i = 0; i < users.length; i++) index.set(users[i].id, i);
  const pairs: number[] = [];
  const add = (u: number, id: string) => {
    const v = index.get(id);
    if (v !== undefined && v !== u) pairs.push(u, v);
  };
  for (let u = 0; u < users.length; u++) {
    const { avoid, manager } = users[u];
    if (avoid) for (const id of avoid) add(u, id);
    if (manager !== undefined) add(u, manager);
  }
  return Int32Array.from(pairs);
}

/**
 * The result with how each group meets (`meetings`), when the instance states ways to meet: in
 * person when every member accepts it at one office, else online (rule 5 leaves no other case).
 */
export function withMeetings(instance: MatchingInstance, result: MatchingResult): MatchingResult {
  const m = buildMeetRules(instance.users);
  if (!m) return result;
  const index = new Map<string, number>();
  for (let i = 0; i < instance.users.length; i++) index.set(instance.users[i].id, i);
  const meetings = result.groups.map((ids): GroupMeeting => {
    const members = ids.map((id) => index.get(id)!);
    const o = m.office[members[0]];
    const inPerson = members.every((v) => m.ways[v] & IN_PERSON && o >= 0 && m.office[v] === o);
    return inPerson ? { kind: "in-person", office: m.officeNames[o] } : { kind: "online" };
  });
  return { ...result, meetings };
}
