import { matchCountText } from "@shared/match-count-text";
import { readablePairingName } from "@shared/pairing-file-names";
import type { PairingSummary, PreviewMatch, SatOutPerson, WaitingPerson } from "@shared/pairings";
import { monthDisplay } from "@shared/pairings";
import { CheckCircle2, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { pairingsApi } from "../../../lib/api/admin-pairings";
import { CompletionImpactText, PairingImpactText } from "../impact/impact-text";
import { useHasGroups } from "../use-has-groups";
import { LeftAloneList } from "./left-alone-list";
import { usePairingMutation } from "./pairing-queries";
import { SatOutList } from "./sat-out-list";

const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-dialog")).ConfirmDialog,
}));

/**
 * A pairing's one name (`readablePairingName`): "March 2027 – Acme Corp", the run's letter for a
 * second run of the month, the month alone when the company has no groups.
 */
export function pairingTitle(
  p: Pick<PairingSummary, "month" | "domainGroupName" | "groupNumber">,
  named: { groups: boolean },
): string {
  return readablePairingName({ ...p, runOfMonth: p.groupNumber }, named);
}

/**
 * The active pairings with Complete and Delete (each after a confirmation), and under each the
 * people waiting for a partner and those left without one, to re-pair (`waitingByPairing` holds
 * the former, every one of them): `aloneByPairing` holds the matches with someone left
 * alone (the first page of them; `moreAlone` says how many more the View dialog's filter lists).
 */
export function CurrentPairingsList({
  pairings,
  aloneByPairing = {},
  waitingByPairing = {},
  satOut = [],
  moreAlone = 0,
}: {
  pairings: PairingSummary[];
  aloneByPairing?: Record<string, PreviewMatch[]>;
  waitingByPairing?: Record<string, WaitingPerson[]>;
  /** Who sat out of the running pairings, to place by hand. */
  satOut?: (SatOutPerson & { pairingId: number })[];
  moreAlone?: number;
}) {
  const [deleting, setDeleting] = useState<PairingSummary | null>(null);
  const named = useHasGroups();
  const [completing, setCompleting] = useState<PairingSummary | null>(null);
  const complete = usePairingMutation({
    mutationFn: (id: number) => pairingsApi.complete(id),
    onSuccess: (result) => {
      setCompleting(null);
      toast({
        title: "Pairings completed",
        description: `Saved as ${result.completed[0]?.fileName ?? "a pairing file"}`,
      });
    },
    onError: () => setCompleting(null),
    failure: "Failed to complete pairings",
  });
  const remove = usePairingMutation({
    mutationFn: (id: number) => pairingsApi.remove(id),
    onSuccess: () => {
      setDeleting(null);
      toast({ title: "Pairing deleted" });
    },
    failure: "Failed to delete pairing",
  });
  if (pairings.length === 0) return null;
  return (
    <section aria-label="Current pairings" className="grid gap-2">
      <h3 className="font-semibold">Current Pairings</h3>
      <ul className="grid gap-2">
        {pairings.map((p) => (
          <li key={p.id} className="grid gap-2 rounded-lg border border-coffee-200 p-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium break-words">{pairingTitle(p, named)}</p>
                <p className="text-sm text-coffee-700">{matchCountText(p.totalPairs)}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  onClick={() => setCompleting(p)}
                  disabled={complete.isPending}
                  aria-label={`Complete ${pairingTitle(p, named)}`}
                >
                  <CheckCircle2 aria-hidden="true" />
                  Complete
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(p)}
                  aria-label={`Delete ${pairingTitle(p, named)}`}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </div>
            <LeftAloneList
              pairing={p}
              matches={aloneByPairing[String(p.id)] ?? []}
              waiting={waitingByPairing[String(p.id)] ?? []}
            />
            <SatOutList pairing={p} people={satOut.filter((s) => s.pairingId === p.id)} />
          </li>
        ))}
      </ul>
      {moreAlone > 0 && (
        <p className="text-sm text-coffee-700">
          {moreAlone} more {moreAlone === 1 ? "match has" : "matches have"} someone left without a
          partner: View Current Pairings lists them under “Left without a partner”.
        </p>
      )}
      {completing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Complete ${pairingTitle(completing, named)}?`}
            description={
              <CompletionImpactText id={completing.id} title={pairingTitle(completing, named)} />
            }
            confirmLabel={complete.isPending ? "Completing..." : "Complete Pairing"}
            pending={complete.isPending}
            onConfirm={() => complete.mutate(completing.id)}
            onClose={() => setCompleting(null)}
          />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Delete ${pairingTitle(deleting, named)}?`}
            description={
              <PairingImpactText id={deleting.id} month={monthDisplay(deleting.month)} />
            }
            confirmLabel={remove.isPending ? "Deleting..." : "Delete Pairing"}
            pending={remove.isPending}
            destructive
            onConfirm={() => remove.mutate(deleting.id)}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
