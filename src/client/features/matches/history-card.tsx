import { bookedText } from "@shared/booking";
import { formatMatchMonth, type HistoryItem, type MatchItem } from "@shared/matches";
import { personName } from "@shared/person-name";
import { browserTimeZone } from "@shared/zone-clock";
import { Card } from "../../components/ui/card";
import { AnswerButtons } from "./answer-buttons";
import { MatchStateBadges } from "./match-state-badges";
import { PartnerAvatar } from "./partner-avatar";

/**
 * The booked chat of a past match while it is still to come (its pairing completed before it):
 * the booking and its invitations stay (docs/scheduling.md, "When the round completes first"), so
 * the card says when, in the browser's zone, as the page does once the match's zones are closed.
 */
function BookedAhead({ start }: { start: string }) {
  if (new Date(start).getTime() <= Date.now()) return null;
  const zone = browserTimeZone() ?? "UTC";
  return (
    <p className="text-sm text-coffee-800">
      {bookedText(start, zone)}. The round is over, but your calendar invitation stays.
    </p>
  );
}

/**
 * One past match: partner(s), month and year, its state in the past tense, a booked chat still to
 * come and, while its pairing still runs, the buttons to answer or change the answer.
 */
export function HistoryCard({
  item,
  actions = true,
}: {
  item: MatchItem & { booking?: HistoryItem["booking"] };
  actions?: boolean;
}) {
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
      {item.booking && <BookedAhead start={item.booking.start} />}
      {actions && item.pairingOpen && (
        <div className="mt-auto flex flex-wrap gap-2">
          <AnswerButtons item={item} tense="past" size="sm" describe={`${names} (${month})`} />
        </div>
      )}
    </Card>
  );
}
