import type { NeverWithList, NeverWithPerson } from "@shared/never-with";
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

/** "Never with" on the profile (docs/profile.md): a private list of colleagues. */
export function NeverWithCard() {
  const query = useQuery({
    queryKey: profileKeys.neverWith,
    queryFn: ({ signal }) => profileApi.neverWith(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Never with</CardTitle>
        <CardDescription>
          Colleagues you are never matched with. This list is private: nobody else sees it, not the
          people on it and not the admins.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Could not load your list."
          loading={<Spinner label="Loading..." />}
        >
          {(list) => <NeverWithEditor list={list} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function NeverWithEditor({ list }: { list: NeverWithList }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (action: () => Promise<NeverWithList>, done: string) => {
    setBusy(true);
    try {
      client.setQueryData(profileKeys.neverWith, await action());
      toast({ title: done });
    } catch (failure) {
      toast({
        title: "Could not save",
        description: errorMessage(failure, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  const listed = new Set(list.people.map((p) => p.id));
  return (
    <div className="grid gap-4 sm:max-w-lg">
      {list.people.length === 0 ? (
        <p className="text-sm text-coffee-700">Nobody is on your list.</p>
      ) : (
        <ul aria-label="Never matched with" className="grid gap-2">
          {list.people.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-2">
              <span>{describe(person)}</span>
              <Button
                variant="outline"
                disabled={busy}
                aria-label={`Remove ${person.name}`}
                onClick={() =>
                  change(() => profileApi.removeNeverWith(person.id), `${person.name} removed`)
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.people.length >= list.max ? (
        <p className="text-sm text-coffee-700">
          Your list holds at most {list.max} colleagues; remove one to add another.
        </p>
      ) : (
        <ColleagueSearch
          exclude={listed}
          busy={busy}
          onAdd={(person) =>
            change(() => profileApi.addNeverWith(person.id), `${person.name} added`)
          }
        />
      )}
    </div>
  );
}

const describe = (person: NeverWithPerson) =>
  person.department ? `${person.name} (${person.department})` : person.name;

function ColleagueSearch(props: {
  exclude: Set<string>;
  busy: boolean;
  onAdd: (person: NeverWithPerson) => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<NeverWithPerson[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      setFound((await profileApi.searchColleagues(q)).people);
    } catch (failure) {
      setFound(null);
      setProblem(errorMessage(failure, "Could not search."));
    }
  };
  const shown = found?.filter((p) => !props.exclude.has(p.id)) ?? null;
  return (
    <form onSubmit={search} className="grid gap-2" role="search">
      <Label htmlFor={id}>Find a colleague by name</Label>
      <div className="flex gap-2">
        <Input id={id} value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {shown && (
        <div aria-live="polite">
          {shown.length === 0 ? (
            <p className="text-sm text-coffee-700">No colleague found.</p>
          ) : (
            <ul aria-label="Colleagues found" className="grid gap-2">
              {shown.map((person) => (
                <li key={person.id} className="flex items-center justify-between gap-2">
                  <span>{describe(person)}</span>
                  <Button
                    type="button"
                    disabled={props.busy}
                    aria-label={`Add ${person.name}`}
                    onClick={() => props.onAdd(person)}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
