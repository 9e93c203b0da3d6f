/**
 * Independent checker of a result against its instance: the three hard rules, "everyone exactly
 * once", group sizes against the people's choices (groups-sizes-check.ts) and the reported
 * statistics. Returns one message per violation (empty when
 * the result is valid). Deliberately shares no code with the engine.
 */

import { checkGroupSizes } from "./group-sizes-check";
import { groupMeeting, personalRuleBreak, usesMeetingRules } from "./personal-rules-check";
import { sharedMinutesCounter } from "./shared-minutes-check";
import type { MatchingInstance, MatchingResult, MatchingUser } from "./types";
import { isInWindow } from "./window";

function mayPair(a: MatchingUser, b: MatchingUser): boolean {
  const same = a.department === b.department;
  const ok = (x: MatchingUser) =>
    x.preference === "any" || (x.preference === "same-department" ? same : !same);
  return ok(a) && ok(b);
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** What one validation has learnt so far; problems collects one message per violation. */
interface Check {
  instance: MatchingInstance;
  users: Map<string, MatchingUser>;
  /** Pairs that met within the repeat window, and pairs that ever met. */
  recent: Set<string>;
  ever: Set<string>;
  seen: Set<string>;
  problems: string[];
  /** Shared working minutes of some people (rule 4); null when the instance has no `overlapFrom`. */
  shared: ReturnType<typeof sharedMinutesCounter>;
}

export function validateResult(instance: MatchingInstance, result: MatchingResult): string[] {
  const users = new Map<string, MatchingUser>();
  for (const u of instance.users) users.set(u.id, u);
  const check: Check = {
    instance,
    users,
    ...pastPairs(instance),
    seen: new Set(),
    problems: [],
    shared: sharedMinutesCounter(instance),
  };
  const { problems } = check;
  let trios = 0;
  let placed = 0;
  let cross = 0;
  let neverMet = 0;
  const choice = (id: string) => users.get(id)?.groupSize ?? 2;
  for (const group of result.groups) {
    if (group.length === 3 && group.every((id) => choice(id) === 2)) trios++;
    placed += group.length;
    const counts = checkGroup(check, group);
    cross += counts.cross;
    neverMet += counts.neverMet;
  }
  if (trios > 1) problems.push(`${trios} trios; at most one group of three is allowed`);
  for (const id of result.unmatched) note(check, id, "unmatched");
  for (const id of users.keys())
    if (!check.seen.has(id)) problems.push(`"${id}" is neither in a group nor unmatched`);
  problems.push(...checkGroupSizes(instance, result, mayShare(check)));
  problems.push(...checkMeetings(check, result));

  const s = result.stats;
  if (s.placed !== placed) problems.push(`stats.placed is ${s.placed}, groups hold ${placed}`);
  if (s.crossDepartmentPairs !== cross) {
    problems.push(`stats.crossDepartmentPairs is ${s.crossDepartmentPairs}, groups have ${cross}`);
  }
  if (s.neverMetPairs !== neverMet) {
    problems.push(`stats.neverMetPairs is ${s.neverMetPairs}, groups have ${neverMet}`);
  }
  return problems;
}

function pastPairs(instance: MatchingInstance): { recent: Set<string>; ever: Set<string> } {
  const recent = new Set<string>();
  const ever = new Set<string>();
  for (const g of instance.history ?? []) {
    const inWindow = isInWindow(g.month, instance.month, instance.repeatWindowMonths);
    for (let i = 0; i < g.users.length; i++) {
      for (let j = i + 1; j < g.users.length; j++) {
        const k = pairKey(g.users[i], g.users[j]);
        ever.add(k);
        if (inWindow) recent.add(k);
      }
    }
  }
  return { recent, ever };
}

/** Counts a person as placed; false (with a problem) when unknown or already placed. */
function note(check: Check, id: string, where: string): boolean {
  if (!check.users.has(id)) {
    check.problems.push(`unknown user "${id}" in ${where}`);
    return false;
  }
  if (check.seen.has(id)) {
    check.problems.push(`rule 1: "${id}" appears more than once`);
    return false;
  }
  check.seen.add(id);
  return true;
}

/** Checks one group's size and every pair in it; its cross-department and never-met pairs. */
function checkGroup(check: Check, group: string[]): { cross: number; neverMet: number } {
  const { instance, problems } = check;
  const label = `[${group.join(", ")}]`;
  const byChoice = group.some((id) => (check.users.get(id)?.groupSize ?? 2) !== 2);
  if (group.length < 2 || group.length > (byChoice ? 4 : 3)) {
    problems.push(`group ${label} has ${group.length} people`);
  } else if (group.length === 3 && !byChoice && instance.oddPolicy !== "trio") {
    problems.push(`group ${label} is a trio but oddPolicy is "${instance.oddPolicy ?? "sit-out"}"`);
  }
  const known = group.filter((id) => note(check, id, `group ${label}`));
  let cross = 0;
  let neverMet = 0;
  for (let i = 0; i < known.length; i++) {
    for (let j = i + 1; j < known.length; j++) {
      const a = check.users.get(known[i])!;
      const b = check.users.get(known[j])!;
      checkPair(check, a, b);
      if (a.department !== b.department) cross++;
      if (!check.ever.has(pairKey(a.id, b.id))) neverMet++;
    }
  }
  checkSharedTime(check, known, label);
  return { cross, neverMet };
}

/** Rule 4 for a group of three or four as a whole (each pair is checked by checkPair). */
function checkSharedTime(check: Check, ids: string[], label: string): void {
  const min = check.instance.minOverlapMinutes ?? 0;
  if (!check.shared || ids.length < 3) return;
  const minutes = check.shared(ids.map((id) => check.users.get(id)!));
  if (minutes < min)
    check.problems.push(`rule 4: group ${label} shares ${minutes} working minutes`);
}

/** Whether two known people may share a group under rules 2 to 5. */
function mayShare(check: Check): (a: string, b: string) => boolean {
  return (a, b) => {
    const x = check.users.get(a);
    const y = check.users.get(b);
    return (
      !!x &&
      !!y &&
      a !== b &&
      mayPair(x, y) &&
      !check.recent.has(pairKey(a, b)) &&
      personalRuleBreak(x, y) === null &&
      (!check.shared || check.shared([x, y]) >= (check.instance.minOverlapMinutes ?? 0))
    );
  };
}

/** Rules 2 (preferences), 3 (no repeat within the window), 5 (own rules) and 4 for one pair. */
function checkPair(check: Check, a: MatchingUser, b: MatchingUser): void {
  if (!mayPair(a, b)) {
    check.problems.push(
      `rule 2: "${a.id}" (${a.preference}, ${a.department}) and "${b.id}" (${b.preference}, ${b.department}) may not share a group`,
    );
  }
  if (check.recent.has(pairKey(a.id, b.id))) {
    check.problems.push(
      `rule 3: "${a.id}" and "${b.id}" met within the last ${check.instance.repeatWindowMonths} months`,
    );
  }
  const rule = personalRuleBreak(a, b);
  if (rule) check.problems.push(`rule 5: "${a.id}" and "${b.id}" may not meet: ${rule}`);
  const min = check.instance.minOverlapMinutes ?? 0;
  const minutes = check.shared?.([a, b]) ?? Number.POSITIVE_INFINITY;
  if (minutes < min) {
    check.problems.push(`rule 4: "${a.id}" and "${b.id}" share ${minutes} working minutes`);
  }
}

/** `meetings` says how each group meets exactly when the instance states ways to meet (rule 5). */
function checkMeetings(check: Check, result: MatchingResult): string[] {
  if (!usesMeetingRules(check.instance.users)) {
    return result.meetings === undefined
      ? []
      : ["meetings given, but no user states a way to meet"];
  }
  if (result.meetings?.length !== result.groups.length) {
    return ["meetings must say how each group meets"];
  }
  const problems: string[] = [];
  result.groups.forEach((group, g) => {
    const members = group.map((id) => check.users.get(id));
    if (members.some((u) => !u)) return;
    const expected = groupMeeting(members as MatchingUser[]);
    if (JSON.stringify(expected) !== JSON.stringify(result.meetings![g])) {
      problems.push(
        `rule 5: group [${group.join(", ")}] meets ${JSON.stringify(expected)}, result says ${JSON.stringify(result.meetings![g])}`,
      );
    }
  });
  return problems;
}
