import type { CalendarStatus } from "@shared/scheduling";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { calendarApi, calendarKeys } from "../../../lib/api/admin-calendar";
import { errorMessage } from "../../../lib/api-client";
import { HelpLink } from "../../help/help-link";

/**
 * The company's calendar connection: which service gives busy times (set by the operator in the
 * server's settings) and a test that reads the signed-in admin's own calendar.
 */
export function CalendarCard() {
  const query = useQuery({
    queryKey: calendarKeys.status,
    queryFn: ({ signal }) => calendarApi.status(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar</CardTitle>
        <CardDescription>
          Busy times from the company's calendars, so proposed chat times avoid meetings. Connected
          where the server runs: ask whoever runs it (
          <HelpLink slug="scheduling" section="connecting-a-calendar">
            connecting a calendar
          </HelpLink>
          ); without one, times follow working hours alone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Failed to load the calendar settings"
          isEmpty={() => false}
        >
          {(status) => <CalendarFacts status={status} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function CalendarFacts({ status }: { status: CalendarStatus }) {
  const test = useMutation({ mutationFn: () => calendarApi.test() });
  return (
    <div className="space-y-4">
      <dl className="grid gap-2 text-sm text-coffee-900 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium">Calendar service</dt>
        <dd data-testid="calendar-provider">{status.provider ?? "None: working hours alone"}</dd>
        {status.provider && (
          <>
            <dt className="font-medium">Settings</dt>
            <dd className="break-words">{status.settings.join(", ")}</dd>
          </>
        )}
      </dl>
      {status.provider && (
        <div className="space-y-3">
          <Button variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? "Testing..." : "Test connection"}
          </Button>
          <div aria-live="polite">
            {test.data && (
              <Alert variant={test.data.connected ? "default" : "destructive"}>
                <AlertDescription>{test.data.message}</AlertDescription>
              </Alert>
            )}
            {test.isError && (
              <Alert variant="destructive">
                <AlertDescription>
                  {errorMessage(test.error, "The connection could not be tested")}
                </AlertDescription>
              </Alert>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
