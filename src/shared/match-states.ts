import { type ChatAnswers, chatHappened, MET_ANSWER } from "./chat-happened";
import type { ConnectionStatus, MatchStatus } from "./enums";

/**
 * One vocabulary for a match's state, used by every screen that shows one (the dashboard, the
 * matches page and the admin's pairing views). A match has a status (the month's match is
 * `active` until it is closed) and each member has an answer (did we meet?). Answers read in the
 * present tense while the match is the current one and in the past tense once it is history.
 */

export type StateColor = "green" | "yellow" | "red" | "blue" | "grey";

export interface StateLook {
  label: string;
  color: StateColor;
}

export const matchStatusLooks: Record<MatchStatus, StateLook> = {
  active: { label: "Active", color: "green" },
  completed: { label: "Completed", color: "blue" },
};

export type Tense = "current" | "past";

const answerLooks: Record<Tense, Record<ConnectionStatus, StateLook>> = {
  current: {
    pending: { label: "Not met yet", color: "yellow" },
    confirmed: { label: "Met", color: "green" },
    not_confirmed: { label: "Missed This Month", color: "red" },
  },
  past: {
    pending: { label: "No answer", color: "grey" },
    confirmed: { label: "Met", color: "green" },
    not_confirmed: { label: "Didn't meet", color: "red" },
  },
};

/** The buttons a member answers with: the current match's and a past match's wording. */
export const answerActions: Record<Tense, Record<"confirmed" | "not_confirmed", string>> = {
  current: { confirmed: "Met My Match", not_confirmed: "Missed This Month" },
  past: { confirmed: "We met", not_confirmed: "We didn't meet" },
};

export function answerLook(status: ConnectionStatus, tense: Tense): StateLook {
  return answerLooks[tense][status] ?? answerLooks[tense].pending;
}

/** A match is history once it is completed or its month's pairing has been closed. */
export function tenseOf(status: MatchStatus, pairingOpen = true): Tense {
  return status === "active" && pairingOpen ? "current" : "past";
}

/** A past match closed with nobody saying Met (and not everyone Missed): counted, not met. */
export const countedChatLook: StateLook = { label: "Counted as a chat", color: "blue" };

/** The one badge of a past match: an answer's look, or "Counted as a chat". */
export type PastMatchState = { badge: "answer"; status: ConnectionStatus } | { badge: "counted" };

/**
 * What a past match's card says, one plain label that agrees with the shared rule
 * (chat-happened.ts, docs/matches.md "One vocabulary for a match's state"): "Met" once any member
 * said Met, whatever the others said; "Counted as a chat" for a chat that counts only because its
 * match was closed (nobody said Met, not everyone said Missed), which claims no meeting nobody
 * reported; otherwise the member's own answer ("Didn't meet", "No answer"). The label says it
 * all, with no "Your answer" or "The chat" before it.
 */
export function pastMatchState(match: ChatAnswers, mine: ConnectionStatus): PastMatchState {
  if (match.members.some((m) => m.connectionStatus === MET_ANSWER)) {
    return { badge: "answer", status: MET_ANSWER };
  }
  if (chatHappened(match)) return { badge: "counted" };
  return { badge: "answer", status: mine };
}
