import { Card } from "../../components/ui/card";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { AppLayout } from "../app-layout";

/** The admin dashboard's outline (title, tab bar, counters, a card) while the guard decides. */
export function AdminSkeleton({ label }: { label: string }) {
  return (
    <AppLayout>
      <LoadingRegion label={label} className="space-y-6">
        <div className="space-y-2">
          <Skeleton className="h-9 w-64 max-w-full" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
        <Skeleton className="h-10 w-full" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {["total", "active", "paused", "opted-out"].map((k) => (
            <Card key={k} className="space-y-3 p-6">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-12" />
            </Card>
          ))}
        </div>
        <Card className="space-y-4 p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24 w-full" />
        </Card>
      </LoadingRegion>
    </AppLayout>
  );
}
