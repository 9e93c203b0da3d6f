import { type TeamsStatus, teamsGraphPermissions } from "@shared/teams";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { teamsApi, teamsKeys } from "../../../lib/api/teams";
import { errorMessage } from "../../../lib/api-client";
import { HelpLink } from "../../help/help-link";

/** Operations: Microsoft Teams' app package, its permissions, Test connection, who it misses. */
export function TeamsCard() {
  const query = useQuery({
    queryKey: teamsKeys.status,
    queryFn: ({ signal }) => teamsApi.status(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Microsoft Teams</CardTitle>
        <CardDescription>
          Intros, check-ins and nudges in Teams for people who choose it; e-mail for anyone Teams
          cannot reach. Teams is turned on where the server runs (
          <HelpLink slug="chat" section="connecting-teams-step-by-step">
            connecting Teams, step by step
          </HelpLink>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} failure="Failed to load the Teams status" isEmpty={() => false}>
          {(data) => <TeamsPanel status={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function TeamsPanel({ status }: { status: TeamsStatus }) {
  const test = useMutation({ mutationFn: () => teamsApi.test() });
  if (!status.configured) {
    return (
      <p data-testid="teams-status">
        Teams is not set up on this server: ask whoever runs Cup of Joe to connect Teams. Once it is
        connected, this card shows the bot's messaging endpoint, the permissions to grant, the app
        package to download and Test connection.
      </p>
    );
  }
  return (
    <div className="grid gap-4 text-sm">
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Set the bot's messaging endpoint to <code>{status.messagingEndpoint}</code>.
        </li>
        <li>
          Grant the app registration these Microsoft Graph <em>application</em> permissions, then
          Grant admin consent:
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="teams-permissions">
            {teamsGraphPermissions.map((permission) => (
              <li key={permission.name}>
                <code>{permission.name}</code>: {permission.why} (<code>{permission.call}</code>).
              </li>
            ))}
          </ul>
        </li>
        <li>
          Download the app package and upload it in the Teams admin center (Manage apps, Upload new
          app); allow it in a permission policy.
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={teamsApi.manifestUrl()} download>
            Download app package
          </a>
        </Button>
        <Button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Testing..." : "Test connection"}
        </Button>
      </div>
      {test.data ? (
        <p
          data-testid="teams-test"
          className={test.data.connected ? "text-green-800" : "text-coffee-800"}
        >
          {test.data.message}
        </p>
      ) : null}
      {test.error ? (
        <p role="alert" className="text-red-800">
          {errorMessage(test.error, "The test failed")}
        </p>
      ) : null}
      <NotReached people={status.notReached} />
    </div>
  );
}

function NotReached({ people }: { people: TeamsStatus["notReached"] }) {
  if (people.length === 0) return <p>Everyone who chose Teams is reached there.</p>;
  return (
    <div>
      <p className="font-medium">Reached by e-mail instead ({people.length}):</p>
      <ul className="list-disc pl-5" data-testid="teams-not-reached">
        {people.map((person) => (
          <li key={person.email}>
            {person.name} ({person.email}): {person.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
