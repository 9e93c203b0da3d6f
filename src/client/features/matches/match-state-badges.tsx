import type { Tense } from "@shared/match-states";
import type { MatchItem } from "@shared/matches";
import { AnswerBadge, MatchStatusBadge } from "../match-state-badge";

/**
 * A match's state as its member sees it, identical wherever the match appears: the current match
 * shows its status and the member's answer; a past match shows the answer in the past tense.
 */
export function MatchStateBadges({ item, tense }: { item: MatchItem; tense: Tense }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="match-state">
      {tense === "current" && <MatchStatusBadge status={item.match.status} />}
      <AnswerBadge status={item.myConnectionStatus} tense={tense} who="Your answer" />
    </div>
  );
}
