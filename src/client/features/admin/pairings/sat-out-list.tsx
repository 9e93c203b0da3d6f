import { CURRENT_PAIRINGS_MAX_PAGE_SIZE } from "@shared/current-pairings-query";
import { MAX_MATCH_SIZE } from "@shared/match-size";
import type { PairingSummary, SatOutPerson } from "@shared/pairings";
import { personName } from "@shared/person-name";
import type { PlaceCheckResponse } from "@shared/place-sat-out";
import { UserPlus } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { type PlaceTarget, pairingsApi } from "../../../lib/api/admin-pairings";
import { useCurrentPairings, usePairingMutation } from "./pairing-queries";

const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-dialog")).ConfirmDialog,
}));

/**
 * The matches offered to join: the pairing's first ones with room for one more, as many as one
 * request of the current-pairings list may ask for (its schema in src/shared).
 */
const MATCHES_OFFERED = CURRENT_PAIRINGS_MAX_PAGE_SIZE;

/** Before the announcement a change is silent (docs/matches.md, "When a match changes"). */
const NOT_ANNOUNCED =
  "Nobody is e-mailed now: the pairing has not been announced, so they read their match on their Matches page and in the announcement.";

type Asking = { person: SatOutPerson; target: PlaceTarget; check: PlaceCheckResponse };

/**
 * The people of one running pairing who sat out, each with the reason and a way to place them
 * by hand (docs/pairings.md, "Placing by hand"): into a match with room, or with another person
 * who sat out. The confirmation names every rule the choice breaks before anything changes.
 */
export function SatOutList({
  pairing,
  people,
}: {
  pairing: PairingSummary;
  people: SatOutPerson[];
}) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const check = usePairingMutation({
    mutationFn: async ({ person, target }: Omit<Asking, "check">) => ({
      person,
      target,
      check: await pairingsApi.placeCheck(pairing.id, target),
    }),
    onSuccess: setAsking,
    failure: "Failed to check the placement",
  });
  const place = usePairingMutation({
    mutationFn: (asked: Asking) =>
      pairingsApi.place(pairing.id, asked.target, asked.check.brokenRules.length > 0),
    onSuccess: (result) => {
      setAsking(null);
      toast({ title: "Placed", description: result.message });
    },
    onError: () => setAsking(null),
    failure: "Failed to place",
  });
  if (people.length === 0) return null;
  return (
    <section
      aria-label={`Sat out: ${pairing.name}`}
      className="grid gap-2 rounded-md bg-yellow-50 p-2"
    >
      <h4 className="text-sm font-medium text-coffee-900">Sat out this month</h4>
      <ul className="grid gap-3">
        {people.map((person) => (
          <SatOutRow
            key={person.userId}
            pairing={pairing}
            person={person}
            others={people.filter((p) => p.userId !== person.userId)}
            busy={check.isPending || place.isPending}
            onPlace={(target) => check.mutate({ person, target })}
          />
        ))}
      </ul>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Place ${asking.person.name}?`}
            description={<PlaceDescription check={asking.check} />}
            confirmLabel={
              place.isPending
                ? "Placing..."
                : asking.check.brokenRules.length > 0
                  ? "Place anyway"
                  : `Place ${asking.person.name}`
            }
            pending={place.isPending}
            destructive={asking.check.brokenRules.length > 0}
            onConfirm={() => place.mutate(asking)}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

function PlaceDescription({ check }: { check: PlaceCheckResponse }) {
  return (
    <span className="grid gap-2">
      <span>
        {check.summary}{" "}
        {check.told ? "Everyone whose match changes is told by e-mail." : NOT_ANNOUNCED}
      </span>
      {check.brokenRules.length === 0 ? (
        <span>This keeps every matching rule.</span>
      ) : (
        <>
          <span className="font-medium">This breaks a matching rule:</span>
          <ul className="list-disc pl-5">
            {check.brokenRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      )}
    </span>
  );
}

function SatOutRow({
  pairing,
  person,
  others,
  busy,
  onPlace,
}: {
  pairing: PairingSummary;
  person: SatOutPerson;
  others: SatOutPerson[];
  busy: boolean;
  onPlace: (target: PlaceTarget) => void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState("");
  const matches = useCurrentPairings(
    { q: "", pairingId: pairing.id, status: "" },
    "",
    MATCHES_OFFERED,
  );
  const joinable = (matches.data?.matchesByPairing[String(pairing.id)] ?? []).filter(
    (m) => m.members.length < MAX_MATCH_SIZE,
  );
  const options = [
    ...others.map((p) => ({ value: `with:${p.userId}`, label: `Pair with ${p.name}` })),
    ...joinable.map((m) => ({
      value: `match:${m.id}`,
      label: `Join ${m.members.map(personName).join(", ")}`,
    })),
  ];
  const target = (): PlaceTarget | null => {
    const [kind, value] = choice.split(/:(.*)/);
    if (kind === "with") return { userId: person.userId, withUserId: value };
    if (kind === "match") return { userId: person.userId, matchId: Number(value) };
    return null;
  };
  return (
    <li className="grid gap-2 text-sm">
      <p className="min-w-0 break-words">
        <span className="font-medium">{person.name}</span>
        <span className="text-coffee-700"> — {person.reason}</span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={selectId}>Where to place {person.name}</Label>
          <Select
            id={selectId}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            placeholder={matches.isLoading ? "Loading matches..." : "Choose a match or a person"}
            options={options}
          />
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || choice === ""}
          onClick={() => {
            const chosen = target();
            if (chosen) onPlace(chosen);
          }}
          aria-label={`Place ${person.name}`}
        >
          <UserPlus aria-hidden="true" />
          Place
        </Button>
      </div>
    </li>
  );
}
