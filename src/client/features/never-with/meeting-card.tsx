import type { MeetWay } from "@shared/enums";
import { MAX_OFFICE_LENGTH, type MeetingChoice } from "@shared/never-with";
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
import { Select } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { profileApi, profileKeys } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";

const WAYS: { value: MeetWay; label: string }[] = [
  { value: "either", label: "In person or online" },
  { value: "in-person", label: "In person only" },
  { value: "online", label: "Online only" },
];

/** "How we meet" on the profile (docs/profile.md): in person at an office, online, or either. */
export function MeetingCard() {
  const query = useQuery({
    queryKey: profileKeys.meeting,
    queryFn: ({ signal }) => profileApi.meeting(signal),
  });
  const offices = useQuery({
    queryKey: profileKeys.offices,
    queryFn: ({ signal }) => profileApi.offices(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>How we meet</CardTitle>
        <CardDescription>
          Everyone in a match shares a way to meet: in person needs the same office.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Could not load how you meet."
          loading={<Spinner label="Loading..." />}
        >
          {(data) => (
            <QueryState
              query={offices}
              failure="Could not load the offices."
              loading={<Spinner label="Loading..." />}
            >
              {(list) => <MeetingForm data={data} offices={list.offices} />}
            </QueryState>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** The office field: a choice from the group's list, typed freely only when no list is kept. */
function OfficeField({
  id,
  offices,
  value,
  onChange,
  required,
  error,
}: {
  id: string;
  offices: string[];
  value: string;
  onChange: (office: string) => void;
  required: boolean;
  error: string | null;
}) {
  const errorId = `${id}-error`;
  // An office chosen before the list was kept stays a choice until the person picks another.
  const choices = value && !offices.includes(value) ? [...offices, value] : offices;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>My office</Label>
      {offices.length > 0 ? (
        <Select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="No office"
          options={choices.map((office) => ({ value: office, label: office }))}
          required={required}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
      ) : (
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Berlin"
          maxLength={MAX_OFFICE_LENGTH}
          required={required}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function MeetingForm({ data, offices }: { data: MeetingChoice; offices: string[] }) {
  const client = useQueryClient();
  const officeId = useId();
  const [error, setError] = useState<string | null>(null);
  const [meet, setMeet] = useState<MeetWay>(data.meet);
  const [office, setOffice] = useState(data.office ?? "");
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      client.setQueryData(profileKeys.meeting, await profileApi.saveMeeting({ meet, office }));
      toast({ title: "Saved" });
    } catch (failure) {
      setError(errorMessage(failure, "Please try again."));
      toast({
        title: "Could not save",
        description: errorMessage(failure, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} className="grid gap-4 sm:max-w-lg">
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">I can meet</legend>
        {WAYS.map((way) => (
          <label key={way.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="meet"
              value={way.value}
              checked={meet === way.value}
              onChange={() => setMeet(way.value)}
            />
            {way.label}
          </label>
        ))}
      </fieldset>
      <OfficeField
        id={officeId}
        offices={offices}
        value={office}
        onChange={setOffice}
        required={meet === "in-person"}
        error={error}
      />
      <Button type="submit" disabled={saving} className="justify-self-start">
        Save
      </Button>
    </form>
  );
}
