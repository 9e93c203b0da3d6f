import type { ConnectionStatus, MatchStatus } from "./enums";

/**
 * When a coffee chat happened: the one definition every count uses (the dashboard's Coffee Chats,
 * the admin's Completed Chats, the completion rate, previous months, pairing files and CSVs). See
 * docs/matches.md, "When a chat happened".
 *
 * - Any member answered "Met My Match" → it happened.
 * - Every member answered "Missed This Month" → it did not (even when it was marked completed).
 * - Otherwise it happened when it was marked completed.
 *
 * The server's aggregates use the same rule as SQL (src/server/match-members/chat-happened-sql.ts),
 * built from these constants; a test checks both agree on every combination.
 */
export const MET_ANSWER = "confirmed" satisfies ConnectionStatus;
export const MISSED_ANSWER = "not_confirmed" satisfies ConnectionStatus;
export const MARKED_DONE = "completed" satisfies MatchStatus;

export type ChatAnswers = {
  status: MatchStatus;
  /** Every member's answer (2 to 4 members). */
  members: readonly { connectionStatus: ConnectionStatus }[];
};

/** Answers in member order as ChatAnswers' members. */
export const answerList = (answers: readonly ConnectionStatus[]) =>
  answers.map((connectionStatus) => ({ connectionStatus }));

export function chatHappened(match: ChatAnswers): boolean {
  const answers = match.members.map((m) => m.connectionStatus);
  if (answers.includes(MET_ANSWER)) return true;
  if (answers.every((answer) => answer === MISSED_ANSWER)) return false;
  return match.status === MARKED_DONE;
}
