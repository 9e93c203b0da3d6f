import { type ReachChannel, reachChannelLabels, reachChannels } from "@shared/channels";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/toast";
import { channelKeys, channelsApi } from "../../lib/api/channels";
import { errorMessage } from "../../lib/api-client";

const COMPANY = "company";

/** "Where to reach me": e-mail, Slack, both or Teams, or the company's default (docs/chat.md). */
export function ReachCard() {
  const query = useQuery({
    queryKey: channelKeys.reach,
    queryFn: ({ signal }) => channelsApi.reach(signal),
  });
  const data = query.data;
  if (!data || (!data.slackAvailable && !data.teamsAvailable)) return null;
  const offered = reachChannels.filter(
    (c) => c === "email" || (c === "teams" ? data.teamsAvailable : data.slackAvailable),
  );
  return (
    <ReachForm reachBy={data.reachBy} companyDefault={data.companyDefault} offered={offered} />
  );
}

function ReachForm(props: {
  reachBy: ReachChannel | null;
  companyDefault: ReachChannel;
  offered: ReachChannel[];
}) {
  const id = useId();
  const client = useQueryClient();
  const [choice, setChoice] = useState<string>(props.reachBy ?? COMPANY);
  const [saving, setSaving] = useState(false);
  const options = [
    { value: COMPANY, label: `Company default (${reachChannelLabels[props.companyDefault]})` },
    ...props.offered.map((c) => ({ value: c, label: reachChannelLabels[c] })),
  ];
  const save = async () => {
    setSaving(true);
    try {
      const saved = await channelsApi.setReach({
        reachBy: choice === COMPANY ? null : (choice as ReachChannel),
      });
      client.setQueryData(channelKeys.reach, saved);
      toast({ title: "Saved", description: "We will reach you there from now on." });
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
    <Card>
      <CardHeader>
        <CardTitle>Where to reach me</CardTitle>
        <CardDescription>
          Your match's intro, the "Did you meet?" question and reminders come here. Slack and Teams
          fall back to e-mail when they do not know your address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:max-w-sm">
        <Label htmlFor={id}>Reach me by</Label>
        <Select
          id={id}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          options={options}
        />
        <div>
          <Button type="button" onClick={() => void save()} disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
