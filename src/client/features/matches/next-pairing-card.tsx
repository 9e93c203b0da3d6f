import { CalendarClock } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { nextPairingNote } from "./next-pairing-texts";
import { useNextPairing } from "./use-matches";

export function NextPairingCard({ enabled }: { enabled: boolean }) {
  const next = useNextPairing(enabled);
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <CalendarClock aria-hidden="true" className="size-5 text-coffee-700" />
        <CardTitle>Next Pairing</CardTitle>
      </CardHeader>
      <CardContent className="space-y-1">
        {next.isLoading ? (
          <>
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-56" />
          </>
        ) : next.data ? (
          <>
            {next.data.iso !== null && (
              <p className="text-lg font-semibold text-coffee-950">
                <time dateTime={next.data.iso}>{next.data.date}</time>
              </p>
            )}
            <p className="text-sm text-coffee-700">{nextPairingNote(next.data)}</p>
          </>
        ) : (
          <p className="text-sm text-coffee-700">The next pairing date is not available yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
