import { useEffect, useRef } from "react";
import { Navigate } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { LoadingRegion, Skeleton } from "../components/ui/skeleton";
import { AppLayout } from "../features/app-layout";
import { CurrentMatchCard } from "../features/matches/current-match-card";
import { NoCurrentMatch, NoMatchHistory } from "../features/matches/empty-states";
import { HistoryCard } from "../features/matches/history-card";
import { CurrentMatchSkeleton, HistoryGridSkeleton } from "../features/matches/match-skeletons";
import { hasMatch, useCurrentMatch, useMatchHistory } from "../features/matches/use-matches";
import { needsSetup } from "../features/profile/needs-setup";
import { handleUnauthorized, redirectIfUnauthorized } from "../features/unauthorized";
import { type AuthUser, useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * Matches page: current match with its actions and the history
 * grid. Visitors get the "logged out" toast and go to the hosted sign-in after 0.5 s; someone who has not
 * finished setting up goes to the setup form.
 */
export function MatchesPage() {
  useDocumentTitle("My Coffee Matches");
  const { user, isLoading } = useAuth();
  const ready = Boolean(user) && !needsSetup(user);
  const current = useCurrentMatch(ready);
  const history = useMatchHistory(ready);
  const redirected = useRef(false);

  const loadError = current.error ?? history.error;
  useEffect(() => {
    if (redirected.current) return;
    if (!isLoading && !user) {
      redirected.current = true;
      handleUnauthorized();
    } else if (loadError && redirectIfUnauthorized(loadError)) {
      redirected.current = true;
    }
  }, [isLoading, user, loadError]);

  if (user && needsSetup(user)) return <Navigate to="/profile" replace />;
  if (isLoading || !user) {
    return (
      <AppLayout>
        <LoadingRegion className="space-y-8">
          <Skeleton className="h-9 w-72 max-w-full" />
          <CurrentMatchSkeleton />
          <HistoryGridSkeleton />
        </LoadingRegion>
      </AppLayout>
    );
  }

  return (
    <AppLayout className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">My Coffee Matches</h1>
        <p className="text-coffee-700">Your current coffee buddy and everyone you've met so far.</p>
      </div>

      <CurrentMatchSection current={current} user={user} />

      <MatchHistorySection history={history} />
    </AppLayout>
  );
}

/** Match History: every earlier match as a card, newest first. */
function MatchHistorySection({ history }: { history: ReturnType<typeof useMatchHistory> }) {
  const items = history.data ?? [];
  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <h2 id="history-heading" className="text-xl font-semibold text-coffee-950">
        Match History
      </h2>
      {history.isLoading ? (
        <LoadingRegion label="Loading your match history...">
          <HistoryGridSkeleton />
        </LoadingRegion>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Your match history could not be loaded. Please refresh the page.
        </p>
      ) : items.length === 0 ? (
        <Card>
          <NoMatchHistory />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.match.id}>
              <HistoryCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The current match card, or why there is none. */
function CurrentMatchSection({
  current,
  user,
}: {
  current: ReturnType<typeof useCurrentMatch>;
  user: AuthUser;
}) {
  return (
    <section aria-label="Current match">
      {current.isLoading ? (
        <LoadingRegion label="Loading your current match...">
          <CurrentMatchSkeleton />
        </LoadingRegion>
      ) : hasMatch(current.data) ? (
        <CurrentMatchCard item={current.data} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Current Match</CardTitle>
          </CardHeader>
          <CardContent>
            {current.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Your current match could not be loaded. Please refresh the page.
              </p>
            ) : (
              <NoCurrentMatch user={user} />
            )}
          </CardContent>
        </Card>
      )}
    </section>
  );
}
