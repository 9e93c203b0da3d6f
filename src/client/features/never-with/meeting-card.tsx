import type { MeetWay } from "@shared/enums";
import type { MeetingChoice } from "@shared/never-with";
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
          {(data) => <MeetingForm data={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function MeetingForm({ data }: { data: MeetingChoice }) {
  const client = useQueryClient();
  const officeId = useId();
  const [meet, setMeet] = useState<MeetWay>(data.meet);
  const [office, setOffice] = useState(data.office ?? "");
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      client.setQueryData(profileKeys.meeting, await profileApi.saveMeeting({ meet, office }));
      toast({ title: "Saved" });
    } catch (failure) {
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
      <div className="grid gap-2">
        <Label htmlFor={officeId}>My office</Label>
        <Input
          id={officeId}
          value={office}
          onChange={(e) => setOffice(e.target.value)}
          placeholder="Berlin"
          required={meet === "in-person"}
        />
      </div>
      <Button type="submit" disabled={saving} className="justify-self-start">
        Save
      </Button>
    </form>
  );
}
