import type { NextPairingAway } from "../../shared/matches";
import { SKIP_NEXT_ROUND } from "../../shared/profile";
import type { UserRow } from "../db/schema";

export type MemberPresence = Pick<
  UserRow,
  | "participationStatus"
  | "pauseEndDate"
  | "pauseReason"
  | "employeeStatus"
  | "leaveStartDate"
  | "leaveEndDate"
> & {
  /** Asked "Still up for coffee chats?" and not answered yet (`awaitingStillInSql`). */
  awaitingStillIn: boolean;
};

/**
 * Why the member is left out of a round whose draft is made on `draftDay` ("yyyy-MM-dd"), or null
 * when they are in it: the draft judges eligibility on its own day (docs/rounds.md), as
 * `eligibleSql` does — a pause counts until its end date has come, a leave while its dates cover
 * the day. A "skip next month" pause is told apart from the others (docs/check-ins.md). An open
 * "Still up for coffee chats?" leaves them out of every round until they answer, whatever a pause
 * or leave says (docs/check-ins.md, "Quiet people"); only an opt-out is told first, since
 * answering alone does not bring them back from it.
 *
 * Not built on `eligibleSql`, on purpose: that judges the stored row as of today, while this looks
 * at a later draft day, by which Sync Employee Status will have brought back someone whose leave
 * ended (docs/pairings.md, "Sync Employee Status"), so an `on_leave` status with a leave over
 * before that day is not away here though `eligibleSql` still leaves it out today.
 */
export function awayOn(member: MemberPresence, draftDay: string): NextPairingAway | null {
  if (member.participationStatus === "opted_out") return "opted_out";
  if (member.awaitingStillIn) return "asked_if_still_in";
  if (member.participationStatus === "paused") {
    if (!member.pauseEndDate || member.pauseEndDate > draftDay) {
      return member.pauseReason === SKIP_NEXT_ROUND ? "skipping" : "paused";
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

/** Reasons that last until the member acts: no later pairing day is theirs by itself. */
export const notBackByThemselves = (away: NextPairingAway | null) =>
  away === "opted_out" || away === "asked_if_still_in";
