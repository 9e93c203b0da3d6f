import { shortDate } from "@shared/date-text";
import { useQuery } from "@tanstack/react-query";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { checkInKeys, checkInsApi } from "../../../lib/api/check-ins";
import { useCompanyTimeZone } from "../use-company-time-zone";

/**
 * Who is left out of the rounds until they answer "Still up for coffee chats?", why, and since
 * when (docs/check-ins.md, "Quiet people").
 */
export function QuietPeopleCard() {
  const zone = useCompanyTimeZone();
  const query = useQuery({
    queryKey: checkInKeys.quietPeople,
    queryFn: ({ signal }) => checkInsApi.quietPeople(signal),
    staleTime: 0,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting for an answer</CardTitle>
        <CardDescription>
          People who answered no check-in for three rounds in a row were asked "Still up for coffee
          chats?" and are left out of the rounds until they answer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Failed to load the people waiting for an answer"
          isEmpty={(data) => (data.people ?? []).length === 0}
          empty={<p className="text-sm text-coffee-700">Nobody is waiting for an answer.</p>}
        >
          {(data) => (
            <ul className="grid gap-3">
              {data.people.map((person) => (
                <li key={person.userId} className="rounded-md border border-coffee-200 p-3">
                  <p className="font-medium text-coffee-900">
                    {person.name}{" "}
                    <span className="break-all text-sm font-normal text-coffee-700">
                      {person.email}
                    </span>
                  </p>
                  <p className="text-sm text-coffee-800">{person.reason}</p>
                  <p className="text-xs text-coffee-700">
                    Asked {shortDate(person.since, zone, { year: true })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
