import type { SyncEmployeeStatusResponse } from "@shared/employees";
import type { CompletePairingResponse, GeneratePairingResponse } from "@shared/pairings";
import { monthDisplay } from "@shared/pairings";
import { CheckCircle2, Eye, RefreshCw, Shuffle, Trash2 } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
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
import { apiRequest } from "../../../lib/api-client";
import { useDomainGroups } from "../whitelist/whitelist-queries";
import { EligibilityBox } from "./eligibility-box";
import { useCurrentPairings, usePairingMutation } from "./pairing-queries";

// The dialog (and the Radix dialog code) loads when the admin first opens it.
const CurrentPairingsDialog = lazy(async () => ({
  default: (await import("./current-pairings-dialog")).CurrentPairingsDialog,
}));

/** 'Admin Actions' (admin-side §2): eligibility, group selector, generate / view / sync, current pairings. */
export function AdminActionsCard() {
  const selectId = useId();
  const groups = useDomainGroups();
  const current = useCurrentPairings();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [viewing, setViewing] = useState(false);
  const group = groups.data?.find((g) => g.id === groupId);
  const groupLabel = group ? group.displayName : "All Users";
  const pairings = current.data?.pairings ?? [];

  const generate = usePairingMutation({
    mutationFn: () =>
      apiRequest<GeneratePairingResponse>(
        "POST",
        groupId === null ? "/api/admin/generate-pairing" : `/api/admin/generate-pairing/${groupId}`,
      ),
    onSuccess: (result) =>
      toast({
        title: "Success",
        description: `Generated ${result.totalMatches} pairings for ${groupLabel}`,
      }),
    failure: "Failed to generate pairings",
  });
  const sync = usePairingMutation({
    mutationFn: () =>
      apiRequest<SyncEmployeeStatusResponse>("POST", "/api/admin/sync-employee-status"),
    onSuccess: (result) => toast({ title: "Employee status synced", description: result.message }),
    failure: "Failed to sync employee status",
  });
  const complete = usePairingMutation({
    mutationFn: (id: number) =>
      apiRequest<CompletePairingResponse>("POST", `/api/admin/complete-pairing/${id}`),
    onSuccess: (result) =>
      toast({
        title: "Pairings completed",
        description: `Saved as ${result.completed[0]?.fileName ?? "a pairing file"}`,
      }),
    failure: "Failed to complete pairings",
  });
  const remove = usePairingMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/pairings/${id}`),
    onSuccess: () => toast({ title: "Pairing deleted" }),
    failure: "Failed to delete pairing",
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
        <div className="grid gap-2">
          <Label htmlFor={selectId}>Pairing group</Label>
          <Select
            id={selectId}
            value={groupId === null ? "" : String(groupId)}
            onChange={(event) => setGroupId(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">All Users (Company-wide)</option>
            {groups.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.displayName} ({g.name})
              </option>
            ))}
          </Select>
        </div>
        <EligibilityBox groupId={groupId} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
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
        {pairings.length > 0 && (
          <section aria-label="Current pairings" className="grid gap-2">
            <h3 className="font-semibold">Current Pairings</h3>
            <ul className="grid gap-2">
              {pairings.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-col gap-2 rounded-lg border border-coffee-200 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <p className="font-medium break-words">{p.name}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-coffee-700">
                      <span>{monthDisplay(p.month)}</span>
                      <Badge color="blue">{p.domainGroupName ?? "All Users"}</Badge>
                      <span>
                        {p.totalPairs} {p.totalPairs === 1 ? "match" : "matches"}
                      </span>
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => complete.mutate(p.id)}
                      disabled={complete.isPending}
                      aria-label={`Complete ${p.name}`}
                    >
                      <CheckCircle2 aria-hidden="true" />
                      Complete
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => {
                        if (
                          window.confirm(
                            `Delete ${p.name} and its matches? This action cannot be undone.`,
                          )
                        ) {
                          remove.mutate(p.id);
                        }
                      }}
                      disabled={remove.isPending}
                      aria-label={`Delete ${p.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
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
