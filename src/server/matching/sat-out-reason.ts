import { wishAllows } from "../../shared/department-wishes";
import type { SatOutEntry, SatOutReason } from "../../shared/sat-out";
import { groupMeeting, personalRuleBreak } from "./personal-rules-check";
import type { GroupSize, MatchingInstance, MatchingUser } from "./types";
import { isInWindow } from "./window";
import { buildSchedules, schedulesAllow } from "./working-time";

/** The first N partners a size check walks; beyond, a size reason is not claimed. */
const SIZE_CHECK_LIMIT = 400;

/** The one true reason for each person who sat out, in the order given. */
export function satOutReasons(
  instance: MatchingInstance,
  unmatchedIds: readonly string[],
): SatOutEntry[] {
  if (unmatchedIds.length === 0) return [];
  const byId = new Map(instance.users.map((u) => [u.id, u]));
  const met = metWithinWindow(instance, new Set(unmatchedIds));
  const schedules = buildSchedules(instance);
  const index = new Map(instance.users.map((u, i) => [u.id, i]));
  const shareTime = (a: MatchingUser, b: MatchingUser) =>
    !schedules || schedulesAllow(schedules, index.get(a.id)!, index.get(b.id)!);
  let everyone: Map<string, Set<string>> | undefined;
  const metAll = () => {
    everyone ??= metWithinWindow(instance);
    return everyone;
  };
  const context = { instance, byId, met, metAll, shareTime, left: unmatchedIds.length };
  return unmatchedIds.flatMap((id) => {
    const person = byId.get(id);
    return person ? [{ userId: id, reason: reasonFor(context, person) }] : [];
  });
}

interface Context {
  instance: MatchingInstance;
  byId: Map<string, MatchingUser>;
  met: Map<string, Set<string>>;
  /** Everyone's window, built only when a size check needs it. */
  metAll: () => Map<string, Set<string>>;
  /** Rule 4 for a pair: enough shared working time. */
  shareTime: (a: MatchingUser, b: MatchingUser) => boolean;
  left: number;
}

function reasonFor(context: Context, person: MatchingUser): SatOutReason {
  const { instance, met } = context;
  const others = instance.users.filter((u) => u.id !== person.id);
  const wanted = others.filter((u) => wishesAllow(person, u));
  if (wanted.length === 0) return departmentReason(person, others);
  const blocked = met.get(person.id) ?? new Set<string>();
  const unmet = wanted.filter((u) => !blocked.has(u.id));
  if (unmet.length === 0) {
    return { kind: "all-met", months: instance.repeatWindowMonths, could: wanted.length };
  }
  const allowed = unmet.filter((u) => personalRuleBreak(person, u) === null);
  if (allowed.length === 0) {
    const meet = unmet.every((u) => groupMeeting([person, u]) === null);
    return { kind: "own-rules", could: unmet.length, meet };
  }
  const could = allowed.filter((u) => context.shareTime(person, u));
  if (could.length === 0) {
    return {
      kind: "working-hours",
      minutes: instance.minOverlapMinutes ?? 0,
      could: allowed.length,
    };
  }
  if (could.length <= SIZE_CHECK_LIMIT && !someGroupFits(context, person, could)) {
    return {
      kind: "size",
      choice: sizeOf(person),
      could: could.length,
      allChoseFour: could.every((u) => sizeOf(u) === 4),
    };
  }
  const oddPairs =
    (instance.oddPolicy ?? "sit-out") === "sit-out" &&
    instance.users.every((u) => sizeOf(u) === 2) &&
    instance.users.length % 2 === 1;
  return { kind: "numbers", ready: instance.users.length, left: context.left, oddPairs };
}

function departmentReason(person: MatchingUser, others: MatchingUser[]): SatOutReason {
  const department = person.department;
  if (person.preference === "same-department") {
    return {
      kind: "same-department",
      department,
      others: others.filter((u) => u.department === department).length,
    };
  }
  if (person.preference === "cross-department") {
    return {
      kind: "cross-department",
      department,
      others: others.filter((u) => u.department !== department).length,
    };
  }
  return { kind: "nobody-allows", department };
}

const sizeOf = (u: MatchingUser): GroupSize => u.groupSize ?? 2;

/** Both people's department wishes allow them to meet (FORMAT.md, rule 2). */
function wishesAllow(a: MatchingUser, b: MatchingUser): boolean {
  const same = a.department === b.department;
  return wishAllows(a.preference, same) && wishAllows(b.preference, same);
}

/** Who met whom within the repeat window, for the given people (everyone when absent). */
function metWithinWindow(instance: MatchingInstance, people?: Set<string>) {
  const met = new Map<string, Set<string>>();
  for (const group of instance.history ?? []) {
    if (!isInWindow(group.month, instance.month, instance.repeatWindowMonths)) continue;
    for (const id of group.users) {
      if (people && !people.has(id)) continue;
      const set = met.get(id) ?? new Set<string>();
      for (const other of group.users) if (other !== id) set.add(other);
      met.set(id, set);
    }
  }
  return met;
}

/**
 * Whether any group of 2 to 4 with the person keeps the size rules (FORMAT.md, "Groups by
 * choice"): everyone within one size of their choice, no group of four with a one-to-one person,
 * no trio of one-to-one people only unless `oddPolicy` is `trio`; every pair inside allowed.
 */
function someGroupFits(context: Context, person: MatchingUser, could: MatchingUser[]): boolean {
  const met = context.metAll();
  const canMeet = (a: MatchingUser, b: MatchingUser) =>
    wishesAllow(a, b) &&
    !met.get(a.id)?.has(b.id) &&
    personalRuleBreak(a, b) === null &&
    context.shareTime(a, b);
  const sizeFits = (group: MatchingUser[]) => groupSizeFits(context.instance, group);
  for (let i = 0; i < could.length; i++) {
    const a = could[i];
    if (sizeFits([person, a])) return true;
    for (let j = i + 1; j < could.length; j++) {
      const b = could[j];
      if (!canMeet(a, b)) continue;
      if (sizeFits([person, a, b])) return true;
      for (let k = j + 1; k < could.length; k++) {
        const c = could[k];
        if (canMeet(a, c) && canMeet(b, c) && sizeFits([person, a, b, c])) return true;
      }
    }
  }
  return false;
}

/** The size rules of one group (FORMAT.md, "Groups by choice"). */
function groupSizeFits(instance: MatchingInstance, group: MatchingUser[]): boolean {
  const size = group.length;
  if (group.some((u) => Math.abs(sizeOf(u) - size) > 1)) return false;
  if (size === 3 && group.every((u) => sizeOf(u) === 2)) {
    return (instance.oddPolicy ?? "sit-out") === "trio";
  }
  return true;
}
