import { type ExclusionReason, exclusionLabels } from "@shared/exclusions";
import { useEffect } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { EmailAddress } from "../../../components/ui/email-address";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { useExcludedPeople } from "./pairing-queries";

/** The names behind one exclusion count, in a dialog. */
export function ExcludedDialog({
  groupId,
  reason,
  onClose,
}: {
  groupId: number | null;
  reason: ExclusionReason | null;
  onClose: () => void;
}) {
  const list = useExcludedPeople(groupId, reason);
  useEffect(() => {
    if (list.error) redirectIfUnauthorized(list.error);
  }, [list.error]);
  const looks = reason ? exclusionLabels[reason] : null;
  const people = list.data?.people ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{looks?.label}</DialogTitle>
          <DialogDescription>
            Not paired this month: {looks?.why}.
            {total > people.length && ` Showing the first ${people.length} of ${total}.`}
          </DialogDescription>
        </DialogHeader>
        {list.isLoading ? (
          <LoadingRegion label="Loading names..." className="grid gap-2">
            {["a", "b", "c"].map((k) => (
              <Skeleton key={k} className="h-10 w-full" />
            ))}
          </LoadingRegion>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error, "Failed to load the names")}
          </p>
        ) : people.length === 0 ? (
          <p className="text-sm text-coffee-700">Nobody, right now.</p>
        ) : (
          <ul aria-label={looks?.label} className="divide-y divide-coffee-100">
            {people.map((person) => (
              <li key={person.id} className="grid gap-0.5 py-2 text-sm">
                <span className="font-medium text-coffee-950">{person.name}</span>
                <span className="text-coffee-700">
                  <EmailAddress email={person.email} />
                  {person.department && ` · ${person.department}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
