import {
  type ChannelOperations,
  type ReachChannel,
  reachChannelLabels,
  reachChannels,
  type SlackStatus,
} from "@shared/channels";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { Select, type SelectOption } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { channelKeys, channelsApi } from "../../../lib/api/channels";
import { errorMessage } from "../../../lib/api-client";
import { HelpLink } from "../../help/help-link";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "../whitelist/whitelist-queries";

/** Operations: whether Slack is connected (auth.test) and the company's default channel. */
export function SlackCard() {
  const query = useQuery({
    queryKey: channelKeys.operations,
    queryFn: ({ signal }) => channelsApi.operations(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Slack</CardTitle>
        <CardDescription>
          Intros, check-ins and nudges in Slack for people who choose it. E-mail stays the fallback
          for anyone Slack does not know. Slack is turned on where the server runs: ask whoever runs
          it (
          <HelpLink slug="chat" section="setting-up-the-slack-app">
            setting up the Slack app
          </HelpLink>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Failed to load the channel settings"
          isEmpty={() => false}
        >
          {(data) => <ChannelSettingsForm operations={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/**
 * The server's sentence says how Slack stands ("Slack connected to … as …", or why not); while it
 * is not connected, "Slack not connected." stands before it as a sentence of its own.
 */
function SlackStatusLine({ slack }: { slack: SlackStatus }) {
  if (slack.connected) return slack.message;
  return (
    <>
      <span className="font-semibold">Slack not connected.</span> {slack.message}
    </>
  );
}

/**
 * The company-default choices: one that needs a channel not set up is shown but cannot be picked,
 * its reason in its label, as the save would refuse it (docs/chat.md). Slack counts as set up
 * once configured, as for the save; the status line above says whether it answers.
 */
export function defaultChannelOptions(operations: ChannelOperations): SelectOption[] {
  const needs = (channel: ReachChannel): string | null => {
    if ((channel === "slack" || channel === "both") && !operations.slack.configured)
      return "needs Slack connected";
    if (channel === "teams" && !operations.teamsSetUp) return "needs Microsoft Teams connected";
    return null;
  };
  return reachChannels.map((channel) => {
    const reason = needs(channel);
    const label = reachChannelLabels[channel];
    return reason
      ? { value: channel, label: `${label} (${reason})`, disabled: true }
      : { value: channel, label };
  });
}

function ChannelSettingsForm({ operations }: { operations: ChannelOperations }) {
  const id = useId();
  const [channel, setChannel] = useState<ReachChannel>(operations.defaultChannel);
  const save = useAdminMutation({
    mutationFn: (value: ReachChannel) => channelsApi.setDefault({ defaultChannel: value }),
    onSuccess: () =>
      toast({ title: "Saved", description: "The company's default channel is saved." }),
    failure: "Failed to save the default channel",
    refresh: (client) => client.invalidateQueries({ queryKey: channelKeys.operations }),
    reportFailure: failureToast,
  });
  const { slack } = operations;
  const options = defaultChannelOptions(operations);
  const unavailable = options.filter((option) => option.disabled).map((option) => option.label);
  return (
    <div className="grid gap-4">
      <p
        data-testid="slack-status"
        className={slack.connected ? "text-green-800" : "text-coffee-800"}
      >
        <SlackStatusLine slack={slack} />
      </p>
      <form
        className="grid gap-2 sm:max-w-sm"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(channel);
        }}
      >
        <Label htmlFor={id}>Company default: reach people by</Label>
        <Select
          id={id}
          value={channel}
          onChange={(event) => setChannel(event.target.value as ReachChannel)}
          options={options}
          aria-describedby={unavailable.length ? `${id}-hint` : undefined}
        />
        {unavailable.length ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Not available yet: {unavailable.join(", ")}.
          </p>
        ) : null}
        {save.error ? (
          // The server's sentence says what to set (Slack not set up, for example).
          <p role="alert" className="text-sm text-red-800" data-testid="channel-default-error">
            {errorMessage(save.error, "Failed to save the default channel")}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </div>
  );
}
