import { formatMatchMonth, type MatchItem } from "@shared/matches";
import { personName } from "@shared/person-name";
import { Card } from "../../components/ui/card";
import { AnswerButtons } from "./answer-buttons";
import { MatchStateBadges } from "./match-state-badges";
import { PartnerAvatar } from "./partner-avatar";

/**
 * One past match: partner(s), month and year, its state in the past tense and, while its pairing
 * still runs, the buttons to answer or change the answer.
 */
export function HistoryCard({ item, actions = true }: { item: MatchItem; actions?: boolean }) {
  const names = item.partners.map(personName).join(" & ");
  const month = formatMatchMonth(item.match.month);
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex min-w-0 items-center gap-3">
        <div className="flex shrink-0 -space-x-3">
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
      {actions && item.pairingOpen && (
        <div className="mt-auto flex flex-wrap gap-2">
          <AnswerButtons item={item} tense="past" size="sm" describe={`${names} (${month})`} />
        </div>
      )}
    </Card>
  );
}
