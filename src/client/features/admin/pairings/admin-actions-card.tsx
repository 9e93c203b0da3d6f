import { CURRENT_PAIRINGS_MAX_PAGE_SIZE } from "@shared/current-pairings-query";
import { matchCountText } from "@shared/match-count-text";
import { scopeName } from "@shared/pairing-file-names";
import { monthDisplay } from "@shared/pairings";
import { useQuery } from "@tanstack/react-query";
import { Eye, RefreshCw, Shuffle } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { employeesApi } from "../../../lib/api/admin-employees";
import {
  type CurrentPairingsFilters,
  pairingKeys,
  pairingsApi,
} from "../../../lib/api/admin-pairings";
import { ApiError } from "../../../lib/api-client";
import { useDomainGroups } from "../whitelist/whitelist-queries";
import { CurrentPairingsList, pairingTitle } from "./current-pairings-list";
import { EligibilityBox, EligibilityLoading } from "./eligibility-box";
import { generateDialogTexts, runningDialogTexts } from "./generate-dialog-texts";
import { useCurrentPairings, usePairingHistory, usePairingMutation } from "./pairing-queries";
import { usePairingGroup } from "./use-pairing-group";

// The dialogs (and the Radix dialog code) load when the admin first opens one.
const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-dialog")).ConfirmDialog,
}));
const LEFT_ALONE_FILTERS: CurrentPairingsFilters = { q: "", pairingId: null, status: "alone" };

const CurrentPairingsDialog = lazy(async () => ({
  default: (await import("./current-pairings-dialog")).CurrentPairingsDialog,
}));

/**
 * 'Admin Actions': eligibility, group selector, generate / view / sync, current pairings. It opens
 * on the scope with the most people ready (use-pairing-group.ts).
 */
export function AdminActionsCard() {
  const groups = useDomainGroups();
  // The pairings with the people left without a partner (the re-pair list), not every match.
  const current = useCurrentPairings(LEFT_ALONE_FILTERS, "", CURRENT_PAIRINGS_MAX_PAGE_SIZE);
  const { groupId, choosing, setGroupId, allUsersEmpty, month: serverMonth } = usePairingGroup();
  const [viewing, setViewing] = useState(false);
  const group = groups.data?.find((g) => g.id === groupId);
  const named = { groups: (groups.data?.length ?? 0) > 0 };
  const groupLabel = scopeName(group?.displayName ?? null, named);
  const { generate, confirming, setConfirming } = useGeneration(groupId, groupLabel);
  // The month's dates as Generate would start them, read when the dialog opens.
  const plan = useQuery({
    queryKey: pairingKeys.generatePlan(groupId),
    queryFn: ({ signal }) => pairingsApi.generatePlan(groupId, signal),
    enabled: confirming !== null,
    staleTime: 0,
  });
  // The month Generate makes is the server's, as the plan reads it, and before the plan the
  // rounds' answer (read before the button is enabled): whether it asks for a second round.
  const monthKey = plan.data?.month ?? serverMonth ?? "";
  const month = monthDisplay(monthKey);
  const pairings = current.data?.pairings ?? [];
  const history = usePairingHistory();
  const ofMonth = (history.data?.pairings ?? []).filter(
    (p) => p.month === monthKey && p.domainGroupId === groupId,
  );
  const roundCompleted = ofMonth.some((p) => p.status === "completed");
  // A running pairing of the month: the server refuses a Generate, so the dialog only says so.
  const running = ofMonth.find((p) => p.status === "active");

  // Read as the dialog shows, not when it opened: a pairing completed a moment ago is in the
  // history once it is read again, and the dialog then offers the second round.
  const round = roundCompleted ? "second" : "first";
  const sync = usePairingMutation({
    mutationFn: () => employeesApi.syncStatus(),
    onSuccess: (result) => toast({ title: "Employee status synced", description: result.message }),
    failure: "Failed to sync employee status",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Actions</CardTitle>
        <CardDescription>
          Check who can be paired, then generate this month's pairings.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DomainGroupSelect
          groupId={groupId}
          onChange={setGroupId}
          choosing={choosing || groups.isPending}
          allUsersEmpty={allUsersEmpty}
        />
        {choosing ? <EligibilityLoading /> : <EligibilityBox groupId={groupId} />}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => setConfirming(roundCompleted ? "second" : "first")}
            disabled={generate.isPending || choosing}
          >
            <Shuffle aria-hidden="true" />
            {generate.isPending ? "Generating..." : "Generate Monthly Pairings"}
          </Button>
          <Button variant="outline" onClick={() => setViewing(true)}>
            <Eye aria-hidden="true" />
            View Current Pairings ({pairings.length})
          </Button>
          <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
            <RefreshCw aria-hidden="true" />
            {sync.isPending ? "Syncing..." : "Sync Employee Status"}
          </Button>
        </div>
        {current.isError && <p className="text-sm text-red-700">Failed to load pairing data</p>}
        <CurrentPairingsList
          pairings={pairings}
          aloneByPairing={current.data?.matchesByPairing}
          waitingByPairing={current.data?.waitingByPairing}
          satOut={current.data?.satOut}
          moreAlone={Math.max(0, (current.data?.total ?? 0) - CURRENT_PAIRINGS_MAX_PAGE_SIZE)}
        />
        {confirming && (
          <Suspense fallback={null}>
            <ConfirmDialog
              {...(running
                ? runningDialogTexts(month, groupLabel, pairingTitle(running, named))
                : generateDialogTexts(round, month, groupLabel, plan.data))}
              {...(generate.isPending ? { confirmLabel: "Generating..." } : {})}
              pending={generate.isPending}
              onConfirm={() => generate.mutate(round === "second")}
              onClose={() => setConfirming(null)}
            />
          </Suspense>
        )}
        {viewing && (
          <Suspense fallback={null}>
            <CurrentPairingsDialog open onOpenChange={setViewing} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}

/** Generate: which round the admin is asked to confirm, and the generation itself. */
function useGeneration(groupId: number | null, groupLabel: string) {
  const [confirming, setConfirming] = useState<"first" | "second" | null>(null);
  const generate = usePairingMutation({
    mutationFn: (secondRun: boolean) => pairingsApi.generate(groupId, secondRun),
    onSuccess: (result) => {
      setConfirming(null);
      toast({
        title: "Success",
        description: generatedText(
          `${matchCountText(result.totalMatches)} for ${groupLabel}`,
          result.satOut,
        ),
      });
    },
    // Another admin completed this month's round meanwhile: ask again, now for a second round.
    onError: (error) =>
      setConfirming(
        error instanceof ApiError && error.code === "second_round_unconfirmed" ? "second" : null,
      ),
    failure: "Failed to generate pairings",
  });
  return { generate, confirming, setConfirming };
}

/** "Generated 4 matches for Everyone", then who sat out and why, if anyone did. */
function generatedText(made: string, satOut: { name: string; reason: string }[]): string {
  const generated = `Generated ${made}`;
  if (satOut.length === 0) return generated;
  return [`${generated}.`, ...satOut.map((p) => `Sat out: ${p.name}. ${p.reason}`)].join(" ");
}

/**
 * The domain group the pairing is for; All Users (the people in no domain group) when none is
 * chosen. Beside groups, an empty All Users stays selectable but comes last and says it is empty.
 */
function DomainGroupSelect({
  groupId,
  onChange,
  choosing,
  allUsersEmpty,
}: {
  groupId: number | null;
  onChange: (groupId: number | null) => void;
  /** The first choice waits for the scopes' headcounts. */
  choosing: boolean;
  allUsersEmpty: boolean;
}) {
  const selectId = useId();
  const hintId = useId();
  const groups = useDomainGroups();
  const allUsers = (
    <option value="">
      {allUsersEmpty ? "All Users (no domain group) — empty" : "All Users (no domain group)"}
    </option>
  );
  return (
    <div className="grid gap-2">
      <Label htmlFor={selectId}>Pairing group</Label>
      <Select
        id={selectId}
        aria-describedby={hintId}
        disabled={choosing}
        value={groupId === null ? "" : String(groupId)}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        {!allUsersEmpty && allUsers}
        {groups.data?.map((g) => (
          <option key={g.id} value={g.id}>
            {g.displayName} ({g.name})
          </option>
        ))}
        {allUsersEmpty && allUsers}
      </Select>
      <p id={hintId} className="text-xs text-coffee-700">
        {allUsersEmpty
          ? "All Users is empty: everyone is in a domain group, and each group is paired on its own."
          : "All Users means everyone in no domain group; each group is paired on its own."}{" "}
        Nobody who already has a match this month is paired again.
      </p>
    </div>
  );
}
