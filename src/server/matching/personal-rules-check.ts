/**
 * Rule 5 (FORMAT.md) as the checker and the exhaustive reference see it, written from FORMAT.md
 * alone and sharing no code with the engine: which pair breaks a person's own rule, and how a
 * group may meet.
 */
import type { GroupMeeting, MatchingUser } from "./types";

const onlineOk = (u: MatchingUser) => (u.meet ?? "either") !== "in-person";
const inPersonOk = (u: MatchingUser) => (u.meet ?? "either") !== "online" && !!u.office;

/** The rule that keeps two people apart, in words; null when rule 5 lets them meet. */
export function personalRuleBreak(a: MatchingUser, b: MatchingUser): string | null {
  if (a.avoid?.includes(b.id) || b.avoid?.includes(a.id)) return "one avoids the other";
  if (a.manager === b.id || b.manager === a.id) return "one manages the other";
  if (!groupMeeting([a, b])) return "they share no way to meet";
  return null;
}

/**
 * How a group meets: in person when everyone accepts it and all share one office, else online
 * when everyone accepts that; null when neither.
 */
export function groupMeeting(group: readonly MatchingUser[]): GroupMeeting | null {
  const office = group[0]?.office;
  if (office && group.every((u) => inPersonOk(u) && u.office === office)) {
    return { kind: "in-person", office };
  }
  return group.every(onlineOk) ? { kind: "online" } : null;
}

/** Whether some user states `meet` or `office`, so a result says how each group meets. */
export const usesMeetingRules = (users: readonly MatchingUser[]): boolean =>
  users.some((u) => u.meet !== undefined || u.office !== undefined);
