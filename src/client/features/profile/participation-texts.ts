import { chatHappened } from "@shared/chat-happened";
import { shortDay } from "@shared/date-text";
import type { CurrentMatchResponse, NextPairingResponse } from "@shared/matches";
import { joinNames } from "@shared/matches";
import { personName } from "@shared/person-name";
import { SKIP_NEXT_ROUND } from "@shared/profile";
import { nextPairingNote } from "../matches/next-pairing-texts";
import type { AuthUser } from "../use-auth";

type Participation = Pick<AuthUser, "participationStatus" | "pauseEndDate" | "pauseReason">;

/**
 * The line under the Paused badge: "Until {date}" for a pause (the spec's), but a skipped month
 * ends the day before a later round's draft, a date that means nothing to the person, so that
 * pause says what it does.
 */
export function pauseBadgeNote(user: Participation): string | null {
  if (user.participationStatus !== "paused" || !user.pauseEndDate) return null;
  if (user.pauseReason === SKIP_NEXT_ROUND) return "Skipping next month";
  return `Until ${shortDay(user.pauseEndDate, { year: true })}`;
}

/**
 * The card's explanation of the status, true to a match already running this month. Someone
 * active whom the next pairing leaves out with no date (asked "Still up for coffee chats?", on
 * leave) reads the Next Pairing card's sentence: one answer, the next-pairing endpoint's `away`.
 */
export function participationExplanation(
  user: Participation,
  hasMatch: boolean,
  next?: NextPairingResponse,
): string {
  if (user.participationStatus === "active") {
    // An answer from before a change of status here (reloaded after it) says nothing of now.
    if (next?.date === null && (next.away === "asked_if_still_in" || next.away === "on_leave")) {
      return nextPairingNote(next);
    }
    return hasMatch
      ? "You're in! You have your match for this month; your next one comes with the next monthly pairing."
      : "You're in! You'll be paired with a colleague in the next monthly matching cycle.";
  }
  if (user.participationStatus === "paused") {
    if (user.pauseReason === SKIP_NEXT_ROUND) {
      return "You're skipping the next monthly pairing and are paired again the month after, by yourself.";
    }
    return user.pauseEndDate
      ? `Your participation resumes automatically on ${shortDay(user.pauseEndDate, { year: true })}.`
      : "Your participation is paused.";
  }
  return "You won't be included in future pairings until you reactivate.";
}

/**
 * What happens to the running match, said in the confirmation of `action`: skipping next month
 * keeps it; a pause or an opt-out ends it, and the partners are told, unless its chat already
 * happened: that chat stays, in everyone's history (docs/profile.md, "Participation").
 */
export function runningMatchText(
  current: CurrentMatchResponse | undefined,
  action: "pause" | "pause_until" | "skip_next" | "opt_out" | "reactivate",
): string {
  if (!current?.match || !current.pairingOpen || action === "reactivate") return "";
  const names = joinNames(current.partners.map(personName));
  if (action === "skip_next") {
    return ` Your current match with ${names} stays: you can still meet this month.`;
  }
  if (chatHappened(current.match)) {
    return ` You already met ${names} this month: that chat stays in your matches and stats.`;
  }
  return ` You also leave your current match with ${names}: they are told by e-mail and get a new partner if someone is free.`;
}
