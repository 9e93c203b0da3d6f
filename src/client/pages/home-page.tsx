import { DASHBOARD_RECENT_MATCHES } from "@shared/matches";
import { ArrowRight } from "lucide-react";
import { Link, Navigate } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { LoadingRegion, Skeleton } from "../components/ui/skeleton";
import { AppLayout } from "../features/app-layout";
import { CurrentMatchSummary } from "../features/matches/current-match-summary";
import { NoMatchHistory } from "../features/matches/empty-states";
import { HistoryCard } from "../features/matches/history-card";
import { HistoryGridSkeleton } from "../features/matches/match-skeletons";
import { NextPairingCard } from "../features/matches/next-pairing-card";
import { welcomeLine } from "../features/matches/next-pairing-texts";
import { StatsCard } from "../features/matches/stats-card";
import {
  hasMatch,
  useCurrentMatch,
  useMatchHistory,
  useNextPairing,
} from "../features/matches/use-matches";
import { needsSetup } from "../features/profile/needs-setup";
import { useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

/** The dashboard's outline while the user is being fetched, so nothing jumps when it arrives. */
function DashboardSkeleton() {
  return (
    <LoadingRegion className="space-y-8">
      <div className="space-y-2">
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-5 w-64 max-w-full" />
      </div>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {["match", "stats", "next"].map((card) => (
          <Card key={card} className="h-48 space-y-4 p-6">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-16 w-full" />
          </Card>
        ))}
      </div>
      <Card className="space-y-4 p-6">
        <Skeleton className="h-6 w-40" />
        <HistoryGridSkeleton />
      </Card>
    </LoadingRegion>
  );
}

/**
 * Signed-in dashboard (/home, "Your Coffee Chat Hub"). Visitors go to /; someone who has not
 * finished setting up goes to the setup form (they are not paired until then).
 */
export function HomePage() {
  useDocumentTitle("Your Coffee Chat Hub");
  const { user, isLoading } = useAuth();
  const ready = Boolean(user) && !needsSetup(user);
  const current = useCurrentMatch(ready);
  const history = useMatchHistory(ready);
  const next = useNextPairing(ready);

  if (isLoading) {
    return (
      <AppLayout>
        <DashboardSkeleton />
      </AppLayout>
    );
  }
  if (!user) return <Navigate to="/" replace />;
  if (needsSetup(user)) return <Navigate to="/profile" replace />;

  const items = history.data ?? [];
  const recent = items.slice(0, DASHBOARD_RECENT_MATCHES);
  // "Welcome back" only to someone who has been matched before: a first visit is greeted as one.
  const returning = items.length > 0 || hasMatch(current.data);
  return (
    <AppLayout className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Your Coffee Chat Hub</h1>
        <p className="text-coffee-700">{welcomeLine(user.firstName, returning, next.data)}</p>
      </div>

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <CurrentMatchSummary
          item={hasMatch(current.data) ? current.data : null}
          loading={current.isLoading}
          user={user}
        />
        <StatsCard
          history={items}
          current={hasMatch(current.data) ? current.data : null}
          loading={history.isLoading}
        />
        <NextPairingCard enabled={ready} />
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Recent Matches</CardTitle>
          <Link to="/matches" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            All matches
            <ArrowRight aria-hidden="true" />
          </Link>
        </CardHeader>
        <CardContent>
          {history.isLoading ? (
            <LoadingRegion label="Loading your matches...">
              <HistoryGridSkeleton />
            </LoadingRegion>
          ) : recent.length === 0 ? (
            <NoMatchHistory />
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {recent.map((item) => (
                <li key={item.match.id}>
                  <HistoryCard item={item} actions={false} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </AppLayout>
  );
}
