import { MAX_INTEREST_LENGTH, MAX_INTERESTS, type MyInterests } from "@shared/interests";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { QueryState } from "../../components/ui/query-state";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { profileApi, profileKeys } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";

/** "Shared interests" on the profile (docs/profile.md): tags from the company's list. */
export function InterestsCard() {
  const query = useQuery({
    queryKey: profileKeys.interests,
    queryFn: ({ signal }) => profileApi.interests(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shared interests</CardTitle>
        <CardDescription>
          Choose up to {MAX_INTERESTS} interests; matches name the ones you share.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState
          query={query}
          failure="Could not load your interests."
          loading={<Spinner label="Loading..." />}
        >
          {(data) => <InterestsForm data={data} />}
        </QueryState>
        <SuggestTagForm />
      </CardContent>
    </Card>
  );
}

function InterestsForm({ data }: { data: MyInterests }) {
  const client = useQueryClient();
  const errorId = useId();
  const [chosen, setChosen] = useState<string[]>(data.interests);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const full = chosen.length >= MAX_INTERESTS;
  const toggle = (tag: string, on: boolean) =>
    setChosen((list) => (on ? [...list, tag] : list.filter((t) => t !== tag)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      client.setQueryData(profileKeys.interests, await profileApi.saveInterests(chosen));
      toast({ title: "Saved" });
    } catch (failure) {
      setError(errorMessage(failure, "Please try again."));
    } finally {
      setSaving(false);
    }
  };
  if (data.offered.length === 0) {
    return <p className="text-sm text-coffee-700">No tags yet: suggest one below.</p>;
  }
  return (
    <form onSubmit={save} className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-medium">
          My interests ({chosen.length} of {MAX_INTERESTS})
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {data.offered.map((tag) => {
            const on = chosen.includes(tag);
            return (
              <label key={tag} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && full}
                  onChange={(e) => toggle(tag, e.target.checked)}
                />
                {tag}
              </label>
            );
          })}
        </div>
        {full && (
          <p className="text-sm text-coffee-700">
            That is {MAX_INTERESTS}: clear one to choose another.
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={saving} className="justify-self-start">
        Save interests
      </Button>
    </form>
  );
}

/** A tag the person would like offered; it joins the list once an admin accepts it. */
function SuggestTagForm() {
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const tag = await profileApi.suggestInterest(name);
      setName("");
      toast({
        title: "Suggested",
        description: tag.accepted
          ? `"${tag.name}" is on the list already.`
          : `"${tag.name}" is offered once an admin accepts it.`,
      });
    } catch (failure) {
      setError(errorMessage(failure, "Please try again."));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={send} className="grid gap-2 sm:max-w-lg">
      <Label htmlFor={id}>Suggest a tag</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_INTEREST_LENGTH}
          required
          className="min-w-0 flex-1"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={sending}>
          Suggest
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
