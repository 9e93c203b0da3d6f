import { pastMatchState, type Tense } from "@shared/match-states";
import type { MatchItem } from "@shared/matches";
import { AnswerBadge, CountedChatBadge, MatchStatusBadge } from "../match-state-badge";

/**
 * A match's state as its member sees it, identical wherever the match appears: the current match
 * shows its status and the member's answer; a past match shows one badge, what the shared rule
 * says of it in one plain label (`pastMatchState` in src/shared/match-states.ts): "Met" when any
 * member said so, "Counted as a chat" for a chat counted only because it was closed, else the
 * member's own answer.
 */
export function MatchStateBadges({ item, tense }: { item: MatchItem; tense: Tense }) {
  const mine = item.myConnectionStatus;
  const past = tense === "past" ? pastMatchState(item.match, mine) : null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="match-state">
      {tense === "current" && <MatchStatusBadge status={item.match.status} />}
      {tense === "current" && <AnswerBadge status={mine} tense={tense} who="Your answer" />}
      {past?.badge === "answer" && <AnswerBadge status={past.status} tense={tense} />}
      {past?.badge === "counted" && <CountedChatBadge />}
    </div>
  );
}
