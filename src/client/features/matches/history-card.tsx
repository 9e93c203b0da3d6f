import { answerActions } from "@shared/match-states";
import { formatMatchMonth, type MatchItem, partnerName } from "@shared/matches";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { MatchStateBadges } from "./match-state-badges";
import { PartnerAvatar } from "./partner-avatar";
import { useSetConnectionStatus } from "./use-matches";

/** One past match: partner(s), month and year, the member's answer in the past tense, and the answer buttons while unanswered. */
export function HistoryCard({ item, actions = true }: { item: MatchItem; actions?: boolean }) {
  const connection = useSetConnectionStatus();
  const names = item.partners.map(partnerName).join(" & ");
  const month = formatMatchMonth(item.match.month);
  const matchId = item.match.id;
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex min-w-0 items-center gap-3">
        <div className="flex -space-x-3">
          {item.partners.map((p) => (
            <PartnerAvatar key={p.id} partner={p} size="sm" />
          ))}
        </div>
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-coffee-950" title={names}>
            {names}
          </h3>
          <p className="text-sm text-coffee-700">{month}</p>
        </div>
      </div>
      <MatchStateBadges item={item} tense="past" />
      {actions && item.myConnectionStatus === "pending" && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={connection.isPending}
            aria-label={`${answerActions.past.confirmed}: ${names} (${month})`}
            onClick={() => connection.mutate({ matchId, status: "confirmed" })}
          >
            {answerActions.past.confirmed}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={connection.isPending}
            aria-label={`${answerActions.past.not_confirmed}: ${names} (${month})`}
            onClick={() => connection.mutate({ matchId, status: "not_confirmed" })}
          >
            {answerActions.past.not_confirmed}
          </Button>
        </div>
      )}
    </Card>
  );
}
