import { formatMatchMonth, type MatchItem, partnerName } from "@shared/matches";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConnectionBadge } from "./connection-badge";
import { PartnerAvatar } from "./partner-avatar";
import { useSetConnectionStatus } from "./use-matches";

/** One past match: partner(s), month and year, Completed and connection badges, and answers while pending. */
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
      <div className="flex flex-wrap gap-2">
        {item.match.status === "completed" && <Badge color="blue">Completed</Badge>}
        <ConnectionBadge status={item.myConnectionStatus} />
      </div>
      {actions && item.myConnectionStatus === "pending" && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={connection.isPending}
            aria-label={`Connected with ${names} (${month})`}
            onClick={() => connection.mutate({ matchId, status: "confirmed" })}
          >
            Connected
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={connection.isPending}
            aria-label={`No Connection with ${names} (${month})`}
            onClick={() => connection.mutate({ matchId, status: "not_confirmed" })}
          >
            No Connection
          </Button>
        </div>
      )}
    </Card>
  );
}
