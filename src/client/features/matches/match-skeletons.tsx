import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

/** A partner line as it will appear: avatar, name, department, month. */
export function PartnerSkeleton({ size = "md" }: { size?: "md" | "lg" }) {
  return (
    <div className="flex items-center gap-3">
      <Skeleton className={size === "lg" ? "size-24 rounded-full" : "size-12 rounded-full"} />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-36" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-28" />
      </div>
    </div>
  );
}

/** History cards' outlines while the history loads. */
export function HistoryGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Card className="flex h-full flex-col gap-3 p-4">
            <PartnerSkeleton />
            <Skeleton className="h-5 w-20 rounded-full" />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The current match card's outline while it loads: title, partner, a button. */
export function CurrentMatchSkeleton() {
  return (
    <Card className="space-y-6 p-6">
      <Skeleton className="h-6 w-36" />
      <PartnerSkeleton size="lg" />
      <Skeleton className="h-10 w-48" />
    </Card>
  );
}
