import { chatHappened } from "@shared/chat-happened";
import type { MatchItem } from "@shared/matches";
import { personName } from "@shared/person-name";
import { useQuery } from "@tanstack/react-query";
import { UserX } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { matchesApi, matchKeys } from "../../lib/api/matches";

// The dialog's Radix code loads with the first click, as the Schedule Coffee Chat dialog's does
// (docs/performance.md, page budgets).
const PartnerAwayDialog = lazy(async () => ({
  default: (await import("./partner-away-dialog")).PartnerAwayDialog,
}));

/**
 * "My partner is away" (one button per partner in a trio), only while a report works: in the
 * round's first half, once per pairing, before anyone answered Met (docs/matches.md), with its
 * last day. The answer is read from the match itself, so the buttons go with the press of Met.
 */
export function PartnerAwayButtons({ item }: { item: MatchItem }) {
  const [asking, setAsking] = useState<string | null>(null);
  const open = item.pairingOpen && !chatHappened(item.match);
  const status = useQuery({
    queryKey: matchKeys.awayStatus,
    queryFn: ({ signal }) => matchesApi.awayStatus(signal),
    enabled: open,
    retry: false,
  });
  const until = status.data?.reportUntil;
  if (!open || !until) return null;
  const trio = item.partners.length > 1;
  return (
    <>
      {until.display ? (
        <p className="w-full text-xs text-coffee-700">
          You can tell us a partner is away until {until.display}.
        </p>
      ) : null}
      {item.partners.map((partner) => (
        <Button key={partner.id} variant="ghost" onClick={() => setAsking(partner.id)}>
          <UserX aria-hidden="true" />
          {trio ? `${personName(partner)} is away` : "My partner is away"}
        </Button>
      ))}
      {asking && (
        <Suspense fallback={null}>
          <PartnerAwayDialog item={item} partnerId={asking} onClose={() => setAsking(null)} />
        </Suspense>
      )}
    </>
  );
}
