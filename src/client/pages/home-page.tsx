import { DASHBOARD_RECENT_MATCHES } from "@shared/matches";
import { ArrowRight } from "lucide-react";
import { Link, Navigate } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { AppLayout } from "../features/app-layout";
import { CurrentMatchSummary } from "../features/matches/current-match-summary";
import { NoMatchHistory } from "../features/matches/empty-states";
import { HistoryCard } from "../features/matches/history-card";
import { NextPairingCard } from "../features/matches/next-pairing-card";
import { StatsCard } from "../features/matches/stats-card";
import { hasMatch, useCurrentMatch, useMatchHistory } from "../features/matches/use-matches";
import { useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

/** Signed-in dashboard (/home, spec employee-side §2 "Dashboard"). Visitors go to /. */
export function HomePage() {
  useDocumentTitle("Your Coffee Chat Hub");
  const { user, isLoading } = useAuth();
  const signedIn = Boolean(user);
  const current = useCurrentMatch(signedIn);
  const history = useMatchHistory(signedIn);

  if (isLoading) {
    return (
      <AppLayout>
        <Spinner size="lg" />
      </AppLayout>
    );
  }
  if (!user) return <Navigate to="/" replace />;

  const items = history.data ?? [];
  const recent = items.slice(0, DASHBOARD_RECENT_MATCHES);
  return (
    <AppLayout className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Your Coffee Chat Hub</h1>
        <p className="text-coffee-700">
          Welcome back{user.firstName ? `, ${user.firstName}` : ""}! Here's what's brewing.
        </p>
      </div>

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <CurrentMatchSummary
          item={hasMatch(current.data) ? current.data : null}
          loading={current.isLoading}
        />
        <StatsCard history={items} />
        <NextPairingCard enabled={signedIn} />
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
            <Spinner size="sm" />
          ) : recent.length === 0 ? (
            <NoMatchHistory />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
