import type { DraftMember } from "@shared/rounds";
import { noSharedHoursText, ownRulesSatOutText } from "@shared/sat-out";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { useConfirm } from "../../../components/ui/use-confirm";
import { roundsApi } from "../../../lib/api/admin-rounds";
import { useDraft, useRoundMutation } from "./rounds-queries";

const who = (m: DraftMember) => `${m.name} (${m.department})`;

type DraftScope = { scopeKey: string; month: string };

/** The round's draft, which only admins see: its matches, swap two people, regenerate, skip. */
export function DraftPanel({ scopeKey, month, label }: DraftScope & { label: string }) {
  const query = useDraft(scopeKey, month);
  return (
    <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <QueryState query={query} failure="Failed to load the draft">
        {(draft) => (
          <>
            <h4 className="text-sm font-semibold text-coffee-900">
              Draft for {draft.monthLabel}: members see nothing until it is published
            </h4>
            <ol className="grid gap-1 text-sm text-coffee-900">
              {draft.matches.map((match) => (
                <li key={match.map((m) => m.id).join("-")}>{match.map(who).join(" · ")}</li>
              ))}
            </ol>
            {draft.satOut.length > 0 && (
              <section aria-label="Sat out" className="grid gap-1 text-sm text-coffee-700">
                <h4 className="font-medium text-coffee-900">Sat out</h4>
                {draft.ownRules.people > 0 && (
                  <p>
                    <span className="font-medium">Personal rules:</span>{" "}
                    {ownRulesSatOutText(draft.ownRules)}
                  </p>
                )}
                {draft.noSharedHours.map((group) => (
                  <p key={group.place}>
                    <span className="font-medium">Working hours:</span> {noSharedHoursText(group)}
                  </p>
                ))}
                <ul className="grid gap-1">
                  {draft.satOut.map((p) => (
                    <li key={p.userId} className="break-words">
                      <span className="font-medium">{p.name}</span> — {p.reason}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <SwapForm
              scopeKey={scopeKey}
              month={month}
              everyone={[...draft.matches.flat(), ...draft.unmatched]}
            />
          </>
        )}
      </QueryState>
      <DraftActions scopeKey={scopeKey} month={month} label={label} />
    </div>
  );
}

/** Two people of the draft to swap. */
function SwapForm({ scopeKey, month, everyone }: DraftScope & { everyone: DraftMember[] }) {
  const id = useId();
  const [pick, setPick] = useState({ userA: "", userB: "" });
  const swap = useRoundMutation({
    mutationFn: () => roundsApi.swap(scopeKey, month, pick),
    onDone: () => setPick({ userA: "", userB: "" }),
    failure: "Failed to swap",
  });
  const options = everyone.map((m) => ({ value: m.id, label: who(m) }));
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div className="space-y-1">
        <Label htmlFor={`${id}-a`}>Swap</Label>
        <Select
          id={`${id}-a`}
          placeholder="Choose a person"
          options={options}
          value={pick.userA}
          onChange={(e) => setPick((p) => ({ ...p, userA: e.target.value }))}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-b`}>with</Label>
        <Select
          id={`${id}-b`}
          placeholder="Choose a person"
          options={options}
          value={pick.userB}
          onChange={(e) => setPick((p) => ({ ...p, userB: e.target.value }))}
        />
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={!pick.userA || !pick.userB || swap.isPending}
        onClick={() => swap.mutate()}
      >
        Swap
      </Button>
    </div>
  );
}

/** Regenerate the draft or skip the month, each after a confirmation. */
function DraftActions({ scopeKey, month, label }: DraftScope & { label: string }) {
  const { confirm, dialog } = useConfirm();
  const regenerate = useRoundMutation({
    mutationFn: () => roundsApi.regenerate(scopeKey, month),
    failure: "Failed to regenerate the draft",
  });
  const skip = useRoundMutation({
    mutationFn: () => roundsApi.skip(scopeKey, month),
    failure: "Failed to skip the month",
  });
  return (
    <div className="flex flex-wrap gap-2">
      {dialog}
      <Button
        size="sm"
        variant="secondary"
        disabled={regenerate.isPending}
        onClick={() =>
          confirm({
            title: "Regenerate the draft?",
            description: `The engine pairs ${label} again; the current draft and any swaps are replaced.`,
            confirmLabel: "Regenerate",
            onConfirm: () => regenerate.mutate(),
          })
        }
      >
        Regenerate
      </Button>
      <Button
        size="sm"
        variant="destructive"
        disabled={skip.isPending}
        onClick={() =>
          confirm({
            title: "Skip this month?",
            description: `No round for ${label} this month: the draft is dropped, nobody is paired or told, and the running pairing continues.`,
            confirmLabel: "Skip the month",
            destructive: true,
            onConfirm: () => skip.mutate(),
          })
        }
      >
        Skip the month
      </Button>
    </div>
  );
}
