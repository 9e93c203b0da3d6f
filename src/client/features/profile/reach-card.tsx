import { type ReachChannel, reachChannelLabels, reachChannels } from "@shared/chat";
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
import { chatApi, chatKeys } from "../../lib/api/chat";
import { errorMessage } from "../../lib/api-client";

const COMPANY = "company";

/** "Where to reach me": e-mail, Slack or both, or the company's default (docs/chat.md). */
export function ReachCard() {
  const query = useQuery({
    queryKey: chatKeys.reach,
    queryFn: ({ signal }) => chatApi.reach(signal),
  });
  if (!query.data?.slackAvailable) return null;
  return <ReachForm reachBy={query.data.reachBy} companyDefault={query.data.companyDefault} />;
}

function ReachForm(props: { reachBy: ReachChannel | null; companyDefault: ReachChannel }) {
  const id = useId();
  const client = useQueryClient();
  const [choice, setChoice] = useState<string>(props.reachBy ?? COMPANY);
  const [saving, setSaving] = useState(false);
  const options = [
    { value: COMPANY, label: `Company default (${reachChannelLabels[props.companyDefault]})` },
    ...reachChannels.map((c) => ({ value: c, label: reachChannelLabels[c] })),
  ];
  const save = async () => {
    setSaving(true);
    try {
      const saved = await chatApi.setReach({
        reachBy: choice === COMPANY ? null : (choice as ReachChannel),
      });
      client.setQueryData(chatKeys.reach, saved);
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
          Your match's intro, the "Did you meet?" question and reminders come here. Slack falls back
          to e-mail when Slack does not know your address.
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
