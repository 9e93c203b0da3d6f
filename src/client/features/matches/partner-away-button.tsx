import { type MatchItem, partnerName } from "@shared/matches";
import { UserX } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";

// The dialog's Radix code loads with the first click, as the Schedule Coffee Chat dialog's does
// (docs/performance.md, page budgets).
const PartnerAwayDialog = lazy(async () => ({
  default: (await import("./partner-away-dialog")).PartnerAwayDialog,
}));

/** "My partner is away" (one button per partner in a trio), while the month's pairing runs. */
export function PartnerAwayButtons({ item }: { item: MatchItem }) {
  const [asking, setAsking] = useState<string | null>(null);
  if (!item.pairingOpen) return null;
  const trio = item.partners.length > 1;
  return (
    <>
      {item.partners.map((partner) => (
        <Button key={partner.id} variant="ghost" onClick={() => setAsking(partner.id)}>
          <UserX aria-hidden="true" />
          {trio ? `${partnerName(partner)} is away` : "My partner is away"}
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
