import type { ConnectionStatus } from "./enums";

/**
 * The choices of the check-in and "still up for coffee chats?" pages, without zod, so the pages
 * and the database schema can use them without the validation library (docs/check-ins.md).
 */
export const checkInAnswers = ["met", "not_yet", "skip"] as const;
export type CheckInAnswer = (typeof checkInAnswers)[number];

export const checkInAnswerLabels: Record<CheckInAnswer, string> = {
  met: "Met",
  not_yet: "Not yet",
  skip: "Skip this month",
};

export const stillInChoices = ["stay_in", "pause", "opt_out"] as const;
export type StillInChoice = (typeof stillInChoices)[number];

/**
 * A member's answer as the API's connection status (the spec's word, at the boundary only): Met
 * is `confirmed`, Not yet and Skip are `not_confirmed`, no answer is `pending`. The one place the
 * two are related (docs/check-ins.md, "Answers").
 */
export function connectionStatusOf(answer: CheckInAnswer | null): ConnectionStatus {
  if (answer === null) return "pending";
  return answer === "met" ? "confirmed" : "not_confirmed";
}

/**
 * What the Matches page's buttons store: Met My Match / We met is Met, Missed This Month / We
 * didn't meet is Skip (the month counts as missed, and no reminder follows).
 */
export const answerOfMatchesPage = {
  confirmed: "met",
  not_confirmed: "skip",
} as const satisfies Record<Exclude<ConnectionStatus, "pending">, CheckInAnswer>;

/** What the person is told once their check-in answer is recorded (the page and Slack alike). */
export const checkInConfirmations: Record<CheckInAnswer, string> = {
  met: "Thank you! Your coffee chat counts as met.",
  not_yet: "Thanks! We will ask once more later this month.",
  skip: "Thanks for telling us. This month counts as missed; see you next round.",
};

/** "Not yet" when no reminder remains before the round completes (docs/check-ins.md). */
export const NOT_YET_NO_REMINDER =
  "Thanks! We will not ask again this month: if you do meet, press Met here or on your Matches page before the month ends.";
