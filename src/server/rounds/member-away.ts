import type { NextPairingAway } from "../../shared/matches";
import type { UserRow } from "../db/schema";

export type MemberPresence = Pick<
  UserRow,
  | "participationStatus"
  | "pauseEndDate"
  | "pauseReason"
  | "employeeStatus"
  | "leaveStartDate"
  | "leaveEndDate"
>;

/**
 * Why the member is left out of a round whose draft is made on `draftDay` ("yyyy-MM-dd"), or null
 * when they are in it: the draft judges eligibility on its own day (docs/rounds.md), as
 * `eligibleSql` does — a pause counts until its end date has come, a leave while its dates cover
 * the day. A "skip next month" pause is told apart from the others (docs/check-ins.md).
 */
export function awayOn(member: MemberPresence, draftDay: string): NextPairingAway | null {
  if (member.participationStatus === "opted_out") return "opted_out";
  if (member.participationStatus === "paused") {
    if (!member.pauseEndDate || member.pauseEndDate > draftDay) {
      return member.pauseReason === "skip_next_round" ? "skipping" : "paused";
    }
  }
  if (onLeaveOn(member, draftDay)) return "on_leave";
  return null;
}

function onLeaveOn(member: MemberPresence, day: string): boolean {
  const { leaveStartDate: start, leaveEndDate: end } = member;
  if (start && start <= day) return !end || end >= day;
  // On leave by the employee sync without dates that say when it ends: not back by themselves.
  return member.employeeStatus === "on_leave" && !(end && end < day);
}
