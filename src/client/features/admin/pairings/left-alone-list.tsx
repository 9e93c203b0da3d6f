import type { PairingSummary, PreviewMatch, WaitingPerson } from "@shared/pairings";
import { UserPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { pairingsApi } from "../../../lib/api/admin-pairings";
import { usePairingMutation } from "./pairing-queries";
import { type AlonePerson, alonePeople, waitingPeople } from "./pairing-rows";

const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-dialog")).ConfirmDialog,
}));

/**
 * The people of one running pairing an admin can re-pair (docs/pairings.md), each with a Re-pair
 * action that asks first: those whose partner can no longer meet (opted out, paused, …) while the
 * match is still there, and those waiting for a partner, in no match, because their partner left.
 */
export function LeftAloneList({
  pairing,
  matches,
  waiting = [],
}: {
  pairing: PairingSummary;
  matches: PreviewMatch[];
  waiting?: WaitingPerson[];
}) {
  const [asking, setAsking] = useState<AlonePerson | null>(null);
  const rePair = usePairingMutation({
    mutationFn: (person: AlonePerson) => pairingsApi.rePair(pairing.id, person.userId),
    onSuccess: (result) => {
      setAsking(null);
      toast({ title: "Re-paired", description: result.message });
    },
    onError: () => setAsking(null),
    failure: "Failed to re-pair",
  });
  const sections: [string, AlonePerson[]][] = [
    ["Waiting for a partner", waitingPeople(waiting)],
    ["Left without a partner", alonePeople(matches)],
  ];
  if (sections.every(([, people]) => people.length === 0)) return null;
  return (
    <>
      {sections.map(
        ([title, people]) =>
          people.length > 0 && (
            <section
              key={title}
              aria-label={`${title}: ${pairing.name}`}
              className="grid gap-2 rounded-md bg-yellow-50 p-2"
            >
              <h4 className="text-sm font-medium text-coffee-900">{title}</h4>
              <ul className="grid gap-2">
                {people.map((person) => (
                  <li
                    key={person.userId}
                    className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="min-w-0 break-words">
                      <span className="font-medium">{person.name}</span>
                      <span className="text-coffee-700">
                        {" "}
                        — was with {person.formerPartners.join(", ")}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setAsking(person)}
                      disabled={rePair.isPending}
                      aria-label={`Re-pair ${person.name}`}
                    >
                      <UserPlus aria-hidden="true" />
                      Re-pair
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ),
      )}
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Re-pair ${asking.name}?`}
            description={`${asking.name} was with ${asking.formerPartners.join(", ")}. They get the best partner among the people without one this month, or join a pair as a third if nobody is free. ${asking.name} and their new partner(s) are told by e-mail once the month's matches were announced.`}
            confirmLabel={rePair.isPending ? "Re-pairing..." : `Re-pair ${asking.name}`}
            pending={rePair.isPending}
            onConfirm={() => rePair.mutate(asking)}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}
    </>
  );
}
