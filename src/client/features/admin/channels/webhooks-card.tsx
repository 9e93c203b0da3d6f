import {
  type WebhookEndpoint,
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
} from "@shared/channels";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { channelKeys, channelsApi } from "../../../lib/api/channels";
import { HelpLink } from "../../help/help-link";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "../whitelist/whitelist-queries";

/** Operations: signed outgoing webhooks, each with its log and a test button (docs/chat.md). */
export function WebhooksCard() {
  const query = useQuery({
    queryKey: channelKeys.webhooks,
    queryFn: ({ signal }) => channelsApi.webhooks(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Events for Teams, Google Chat, Mattermost or an HR system, signed per Standard Webhooks (
          <HelpLink slug="chat" section="webhooks">
            webhooks
          </HelpLink>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState query={query} failure="Failed to load the webhooks" isEmpty={() => false}>
          {(data) => (
            <ul className="grid gap-4">
              {data.endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </QueryState>
        <AddWebhookForm />
      </CardContent>
    </Card>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useQuery({
    queryKey: channelKeys.deliveries(endpoint.id),
    queryFn: ({ signal }) => channelsApi.deliveries(endpoint.id, signal),
  });
  const refresh = (client: import("@tanstack/react-query").QueryClient) =>
    client.invalidateQueries({ queryKey: channelKeys.webhooks });
  const test = useAdminMutation({
    mutationFn: () => channelsApi.sendTest(endpoint.id),
    onSuccess: (answer) => toast({ title: "Test event queued", description: answer.message }),
    failure: "Failed to send the test event",
    refresh: (client) =>
      client.invalidateQueries({ queryKey: channelKeys.deliveries(endpoint.id) }),
    reportFailure: failureToast,
  });
  const resume = useAdminMutation({
    mutationFn: () => channelsApi.resumeWebhook(endpoint.id),
    onSuccess: (answer) => toast({ title: "Webhook resumed", description: answer.message }),
    failure: "Failed to resume the webhook",
    refresh,
    reportFailure: failureToast,
  });
  const remove = useAdminMutation({
    mutationFn: () => channelsApi.removeWebhook(endpoint.id),
    failure: "Failed to remove the webhook",
    refresh,
    reportFailure: failureToast,
  });
  return (
    <li className="grid gap-2 rounded-md border border-coffee-200 p-3" data-testid="webhook">
      <p className="break-all font-medium text-coffee-900">{endpoint.url}</p>
      <p className="text-sm text-coffee-700">
        Events: {endpoint.events.map((e) => webhookEventLabels[e]).join(", ")}
      </p>
      {endpoint.pausedAt && (
        <p role="status" className="text-sm text-red-800" data-testid="webhook-paused">
          Nothing is sent to this webhook: {endpoint.pauseReason}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {endpoint.pausedAt && (
          <Button type="button" onClick={() => resume.mutate()} disabled={resume.isPending}>
            Resume
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => test.mutate()}
          disabled={test.isPending}
        >
          Send test event
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
        >
          Remove
        </Button>
      </div>
      <ul className="text-sm text-coffee-800" aria-label={`Deliveries to ${endpoint.url}`}>
        {(log.data?.deliveries ?? []).slice(0, 5).map((d) => (
          <li key={d.id}>
            {d.event ?? d.kind}: {d.state}
            {d.error ? ` (${d.error})` : ""}
          </li>
        ))}
      </ul>
    </li>
  );
}

function AddWebhookForm() {
  const urlId = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const add = useAdminMutation({
    mutationFn: () => channelsApi.addWebhook({ url, events }),
    onSuccess: (created) => {
      setSecret(created.secret);
      setUrl("");
      setEvents([]);
    },
    failure: "Failed to add the webhook",
    refresh: (client) => client.invalidateQueries({ queryKey: channelKeys.webhooks }),
    reportFailure: failureToast,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const toggle = (e: WebhookEvent) =>
    setEvents((now) => (now.includes(e) ? now.filter((x) => x !== e) : [...now, e]));
  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={urlId}>Webhook address</Label>
        <Input
          id={urlId}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
        />
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {webhookEvents.map((e) => (
          <label key={e} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={events.includes(e)} onChange={() => toggle(e)} />
            {webhookEventLabels[e]} ({e})
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={add.isPending}>
          Add webhook
        </Button>
      </div>
      {secret && (
        <p className="break-all text-sm" data-testid="webhook-secret">
          Signing secret (shown once; the receiver verifies with it): <code>{secret}</code>
        </p>
      )}
    </form>
  );
}
