import { MAX_OFFICE_LENGTH } from "@shared/never-with";
import { MAX_OFFICES } from "@shared/offices";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import {
  officesAndInterestsApi as api,
  officesAndInterestsKeys as keys,
} from "../../../lib/api/admin-offices-and-interests";
import { errorMessage } from "../../../lib/api-client";
import { AddNameForm } from "./name-list-form";

/** One office list (docs/admin-console.md, "Offices"): a group's, or the company-wide one (null). */
export function OfficesCard({ groupId, title }: { groupId: number | null; title: string }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.offices(groupId),
    queryFn: ({ signal }) => api.offices(groupId, signal),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (offices: string[]) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(keys.offices(groupId), await api.saveOffices(groupId, offices));
      return true;
    } catch (failure) {
      setError(errorMessage(failure, "Could not save the offices."));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          People pick their office from this list (at most {MAX_OFFICES}); without one they type it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={query} failure="Failed to load offices">
          {(data) => (
            <>
              {data.offices.length === 0 ? (
                <p className="text-sm text-coffee-700">No offices kept: people type their own.</p>
              ) : (
                <ul aria-label={title} className="grid gap-2">
                  {data.offices.map((office) => (
                    <li key={office} className="flex items-center justify-between gap-2">
                      <span className="min-w-0 break-words">{office}</span>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Remove office ${office}`}
                        onClick={() => void save(data.offices.filter((o) => o !== office))}
                      >
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <AddNameForm
                label={`New office (${title})`}
                button="Add office"
                maxLength={MAX_OFFICE_LENGTH}
                error={error}
                busy={busy}
                onAdd={(name) => save([...data.offices, name])}
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
