import { chatHappened } from "@shared/chat-happened";
import type { Tense } from "@shared/match-states";
import type { MatchItem } from "@shared/matches";
import { AnswerBadge, MatchStatusBadge } from "../match-state-badge";

/**
 * A match's state as its member sees it, identical wherever the match appears: the current match
 * shows its status and the member's answer; a past match shows the answer in the past tense and,
 * when the chat happened by the shared definition (chat-happened.ts) though the member did not
 * say "Met", that the chat counts as met — as the dashboard's Coffee Chats does.
 */
export function MatchStateBadges({ item, tense }: { item: MatchItem; tense: Tense }) {
  const mine = item.myConnectionStatus;
  const metByOthers = tense === "past" && mine !== "confirmed" && chatHappened(item.match);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="match-state">
      {tense === "current" && <MatchStatusBadge status={item.match.status} />}
      {metByOthers && <AnswerBadge status="confirmed" tense={tense} who="The chat" />}
      {!(metByOthers && mine === "pending") && (
        <AnswerBadge status={mine} tense={tense} who="Your answer" />
      )}
    </div>
  );
}
