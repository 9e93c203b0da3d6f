import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { activityActor, activityTime } from "./activity-text";
import { useActivity, useRoundsOverview } from "./rounds-queries";

/** Every automatic action, and what admins and people changed: what, when, by and on whom. */
export function ActivityCard() {
  const query = useActivity();
  // Times in the company's zone, named, as on the round timeline (UTC until it is read), and
  // this year the server's, from the same answer.
  const overview = useRoundsOverview().data;
  const zone = overview?.timeZone ?? "UTC";
  const now = overview ? new Date(overview.now) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>
          What the rounds did by themselves and what admins and people changed, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Failed to load the activity list"
          isEmpty={(data) => data.pages.every((p) => p.items.length === 0)}
          empty={<p className="text-sm text-coffee-700">Nothing has happened yet.</p>}
        >
          {(data) => (
            <>
              <ul className="grid gap-2">
                {data.pages.flatMap((page) =>
                  page.items.map((item) => {
                    const actor = activityActor(item.detail, item.byName);
                    return (
                      <li key={item.id} className="text-sm text-coffee-900">
                        <time dateTime={item.at} className="mr-2 text-coffee-700">
                          {activityTime(item.at, zone, now)}
                        </time>
                        {item.detail}
                        {actor && <span className="text-coffee-700"> — {actor}</span>}
                      </li>
                    );
                  }),
                )}
              </ul>
              {query.hasNextPage && (
                <Button
                  className="mt-3"
                  size="sm"
                  variant="outline"
                  disabled={query.isFetchingNextPage}
                  onClick={() => query.fetchNextPage()}
                >
                  Show older
                </Button>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
