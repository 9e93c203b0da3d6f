import { monthDisplay } from "@shared/pairings";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { MatchRow, personOf } from "./match-row";
import { useCurrentPairings } from "./pairing-queries";

/** The current-pairings overlay (admin-side §2): each active pairing with its matches. */
export function CurrentPairingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = useCurrentPairings();
  const pairings = current.data?.pairings ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Current Pairings</DialogTitle>
          <DialogDescription>
            {pairings.length} active {pairings.length === 1 ? "pairing" : "pairings"}
          </DialogDescription>
        </DialogHeader>
        {current.isLoading ? (
          <Spinner />
        ) : current.isError ? (
          <p className="text-sm text-red-700">Failed to load pairing data</p>
        ) : pairings.length === 0 ? (
          <p className="text-sm text-coffee-700">No active pairings.</p>
        ) : (
          pairings.map((pairing) => {
            const list = current.data?.matchesByPairing[String(pairing.id)] ?? [];
            return (
              <section key={pairing.id} aria-label={pairing.name} className="grid gap-2">
                <h3 className="font-semibold">
                  {pairing.name}{" "}
                  <span className="font-normal text-coffee-700">
                    ({monthDisplay(pairing.month)})
                  </span>
                </h3>
                <p className="text-sm text-coffee-700">
                  {list.length} {list.length === 1 ? "match" : "matches"}
                </p>
                {list.length === 0 ? (
                  <p className="text-sm text-coffee-700">No matches found for this pairing.</p>
                ) : (
                  <ul className="grid gap-2">
                    {list.map((m) => (
                      <MatchRow
                        key={m.id}
                        status={m.status}
                        people={[m.user1, m.user2, ...(m.user3 ? [m.user3] : [])].map(personOf)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            );
          })
        )}
      </DialogContent>
    </Dialog>
  );
}
