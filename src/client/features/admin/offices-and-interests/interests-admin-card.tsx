import type { InterestTag } from "@shared/interests";
import { MAX_INTEREST_LENGTH, MAX_INTEREST_TAGS } from "@shared/interests";
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

/** The company's interest tags (docs/admin-console.md, "Interests"): add, accept, remove. */
export function InterestsAdminCard() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.interests,
    queryFn: ({ signal }) => api.interests(signal),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      await client.invalidateQueries({ queryKey: keys.interests });
      return true;
    } catch (failure) {
      setError(errorMessage(failure, "Could not change the interests."));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Interests</CardTitle>
        <CardDescription>
          The tags people choose from (at most {MAX_INTEREST_TAGS}); a suggested one is offered once
          accepted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={query} failure="Failed to load interests">
          {(data) =>
            data.tags.length === 0 ? (
              <p className="text-sm text-coffee-700">No tags yet.</p>
            ) : (
              <ul aria-label="Interest tags" className="grid gap-2">
                {data.tags.map((tag) => (
                  <TagRow
                    key={tag.id}
                    tag={tag}
                    busy={busy}
                    onAccept={() => void run(() => api.acceptInterest(tag.id))}
                    onRemove={() => void run(() => api.removeInterest(tag.id))}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
        <AddNameForm
          label="New tag"
          button="Add tag"
          maxLength={MAX_INTEREST_LENGTH}
          error={error}
          busy={busy}
          onAdd={(name) => run(() => api.addInterest(name))}
        />
      </CardContent>
    </Card>
  );
}

function TagRow({
  tag,
  busy,
  onAccept,
  onRemove,
}: {
  tag: InterestTag;
  busy: boolean;
  onAccept: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 break-words">
        {tag.name}{" "}
        <span className="text-sm text-coffee-700">
          {tag.accepted ? "" : "(suggested) "}
          {tag.people === 1 ? "1 person" : `${tag.people} people`}
        </span>
      </span>
      <span className="flex gap-2">
        {!tag.accepted && (
          <Button size="sm" disabled={busy} aria-label={`Accept ${tag.name}`} onClick={onAccept}>
            Accept
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Remove ${tag.name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </span>
    </li>
  );
}
