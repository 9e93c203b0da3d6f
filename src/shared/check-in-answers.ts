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
