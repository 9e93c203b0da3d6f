import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { UnsubscribeAction, UnsubscribeStatus } from "../../shared/newsletters";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { TokenLinkState } from "../features/token-link-state";
import { unsubscribeApi, unsubscribeKeys } from "../lib/api/unsubscribe";

const readToken = () => new URLSearchParams(window.location.search).get("token") ?? "";

/**
 * The newsletter's unsubscribe link opened in a browser (/unsubscribe?token=…). Opening it changes
 * nothing: the person confirms with a button, and is offered a one-month pause instead.
 */
export function UnsubscribePage() {
  const [token] = useState(readToken);
  const status = useQuery({
    queryKey: unsubscribeKeys.status(token),
    queryFn: ({ signal }) => unsubscribeApi.status(token, signal),
    enabled: token !== "",
  });
  const change = useMutation({
    mutationFn: (action: UnsubscribeAction["action"]) => unsubscribeApi.change(token, action),
  });
  const invitations = status.data?.about === "invitations";

  return (
    <AuthShell title="Unsubscribe">
      <h1 className="sr-only">Unsubscribe from Cup of Joe</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            {invitations ? "Your invitations to Cup of Joe" : "Your newsletter e-mails"}
          </CardTitle>
          <CardDescription>
            {invitations
              ? "The invitation to join the monthly coffee chats, and its reminders."
              : "The monthly newsletter that tells you who your coffee match is."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <TokenLinkState
            token={token}
            incompleteMessage="This unsubscribe link is incomplete. Please use the link from your latest newsletter."
            view={status}
          >
            {(data) =>
              change.isSuccess ? (
                <Alert variant="success" role="status">
                  <AlertTitle>Done</AlertTitle>
                  <AlertDescription>{change.data.message}</AlertDescription>
                </Alert>
              ) : (
                <Choices
                  status={data}
                  pending={change.isPending ? change.variables : undefined}
                  error={change.error?.message}
                  onChoose={(action) => change.mutate(action)}
                />
              )
            }
          </TokenLinkState>
        </CardContent>
      </Card>
    </AuthShell>
  );
}

interface ChoiceProps {
  status: UnsubscribeStatus;
  pending: UnsubscribeAction["action"] | undefined;
  error: string | undefined;
  onChoose: (action: UnsubscribeAction["action"]) => void;
}

function Choices(props: ChoiceProps) {
  const { status, pending, error, onChoose } = props;
  if (status.about === "invitations") return <InvitationChoice {...props} />;
  if (status.participationStatus === "opted_out") {
    return (
      <p className="text-sm text-coffee-800">
        {status.email} has already opted out and receives no newsletters. To take part again, sign
        in and reactivate on your <Link to={paths.profile}>profile</Link>.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-coffee-800">
        {status.participationStatus === "paused"
          ? `${status.email} is paused${status.pauseEndDate ? ` until ${status.pauseEndDate}` : ""}. Opt out to stop for good.`
          : `Need a break rather than a goodbye? Pause for a month and ${status.email} gets no match and no newsletter until then.`}
      </p>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {status.participationStatus === "active" ? (
          <Button
            variant="secondary"
            disabled={pending !== undefined}
            onClick={() => onChoose("pause")}
          >
            {pending === "pause" ? "Pausing..." : "Pause for 1 month"}
          </Button>
        ) : null}
        <Button
          variant="destructive"
          disabled={pending !== undefined}
          onClick={() => onChoose("opt_out")}
        >
          {pending === "opt_out" ? "Opting out..." : "Opt out"}
        </Button>
      </div>
    </>
  );
}

/** The invitations' link: an address that has not joined can only stop its invitations. */
function InvitationChoice({ status, pending, error, onChoose }: ChoiceProps) {
  if (status.participationStatus === "opted_out") {
    return (
      <p className="text-sm text-coffee-800">
        {status.email} gets no more invitations or reminders to join Cup of Joe.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-coffee-800">
        {status.email} was invited to Cup of Joe and may get up to two reminders. Stop them?
      </p>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <Button
        variant="destructive"
        className="justify-self-start"
        disabled={pending !== undefined}
        onClick={() => onChoose("opt_out")}
      >
        {pending ? "Stopping..." : "Stop invitations"}
      </Button>
    </>
  );
}
