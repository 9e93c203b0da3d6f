import { type ChatAnswers, chatHappened } from "./chat-happened";
import type { PairingStatus } from "./enums";

/**
 * The one definition of each figure the pages show (docs/admin-console.md, "The figures"), for
 * code that counts in JavaScript (the dashboard's stats, the sample company's figures). The
 * server's aggregates state the same rules in SQL (src/server/metrics/figures.ts), and a test
 * compares every page and endpoint on the same data (src/server/metrics/figures-agree.test.ts).
 */

/** A match as the figures see it: its answers and whether its pairing still runs. */
export type FigureMatch = ChatAnswers & { pairingStatus: PairingStatus };

/** An active match: a match of a running (active) pairing, whatever its members answered. */
export const isActiveMatch = (m: Pick<FigureMatch, "pairingStatus">) =>
  m.pairingStatus === "active";

/** A completed chat: a match of a completed pairing whose chat happened. */
export const isCompletedChat = (m: FigureMatch) =>
  m.pairingStatus === "completed" && chatHappened(m);

/** Counts of a list of matches by the definitions above; `chatsHappened` by chat-happened.ts. */
export function matchFigures(list: readonly FigureMatch[]) {
  return {
    totalMatches: list.length,
    activeMatches: list.filter(isActiveMatch).length,
    completedChats: list.filter(isCompletedChat).length,
    chatsHappened: list.filter(chatHappened).length,
  };
}

/**
 * A person's Coffee Chats: every match of theirs whose chat happened, the current one included
 * (pressing Met My Match counts at once).
 */
export function coffeeChatsOf(mine: readonly { match: ChatAnswers }[]) {
  return mine.filter((item) => chatHappened(item.match)).length;
}
