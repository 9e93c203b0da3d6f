import type { MetricsSection } from "@shared/admin-routes";
import { percent } from "@shared/metric-figures";
import type { EnhancedMetrics } from "@shared/metrics";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { errorMessage } from "../../../lib/api-client";
import { useAdminView } from "../use-admin-view";
import { Stat } from "./chart-figure";
import { ConnectionsPanel } from "./connections/connections-panel";
import { Engagement, OperationsMetrics } from "./engagement-operations";
import { CurrentMonthPerformance, PreviousMonthsPerformance } from "./matching-performance";
import {
  formatPercent,
  useAdminStats,
  useEmployeeStatusSummary,
  useEnhancedMetrics,
  usePairingReport,
  useSystemHealth,
} from "./metrics-queries";
import { MetricsSkeleton } from "./metrics-skeleton";
import { UserAnalytics } from "./user-analytics";

type Period = "current" | "previous";

/** The Analytics & Metrics tab's content (loaded on demand with its charts). */
export function MetricsPanel() {
  const metrics = useEnhancedMetrics();
  const stats = useAdminStats();
  const report = usePairingReport();
  const summary = useEmployeeStatusSummary();
  const health = useSystemHealth();
  const [period, setPeriod] = useState<Period>("current");
  // The open sub-tab is the address's (/admin/metrics/matching…), as the dashboard's tabs are.
  const { view, go } = useAdminView();
  const open = view?.metrics ?? "users";

  if (metrics.isPending) return <MetricsSkeleton />;
  if (metrics.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="text-sm text-red-800">
          {errorMessage(metrics.error, "Failed to load metrics")}
        </p>
        <Button variant="outline" size="sm" onClick={() => void metrics.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { userMetrics, matchingMetrics } = metrics.data;
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Analytics & Metrics</h2>
      <KeyFigures users={userMetrics} stats={stats.data} />
      <Tabs
        value={open}
        onValueChange={(next) => go({ section: "metrics", metrics: next as MetricsSection })}
        className="space-y-4"
      >
        <TabsList aria-label="Metrics sections" className="flex w-full flex-wrap justify-start">
          <TabsTrigger value="users">User Analytics</TabsTrigger>
          <TabsTrigger value="matching">Matching Performance</TabsTrigger>
          <TabsTrigger value="engagement">Engagement</TabsTrigger>
          <TabsTrigger value="operations">Operations</TabsTrigger>
          <TabsTrigger value="connections">Connections</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="min-w-0">
          <UserAnalytics metrics={userMetrics} />
        </TabsContent>
        <TabsContent value="matching" className="min-w-0 space-y-4">
          {/* Only this section has a current and a previous period (docs/admin-console.md,
              "Endpoints" under "Metrics"): the others read all time, today, or their own months. */}
          <PeriodPicker period={period} onChange={setPeriod} />
          {period === "current" ? (
            <CurrentMonthPerformance matching={matchingMetrics} report={report.data} />
          ) : (
            <PreviousMonthsPerformance matching={matchingMetrics} />
          )}
        </TabsContent>
        <TabsContent value="engagement" className="min-w-0">
          <Engagement users={userMetrics} stats={stats.data} />
        </TabsContent>
        <TabsContent value="operations" className="min-w-0">
          <OperationsMetrics
            summary={summary.data}
            health={health.data}
            pendingProfileSetup={userMetrics.pendingProfileSetup}
          />
        </TabsContent>
        <TabsContent value="connections" className="min-w-0">
          <ConnectionsPanel thisMonth={matchingMetrics.currentMonth.month} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The Current Month / Previous Months toggle, inside Matching Performance: all it changes. */
function PeriodPicker({
  period,
  onChange,
}: {
  period: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Matching Performance period</legend>
      {(
        [
          ["current", "Current Month"],
          ["previous", "Previous Months"],
        ] as const
      ).map(([value, label]) => (
        <Button
          key={value}
          size="sm"
          variant={period === value ? "default" : "outline"}
          aria-pressed={period === value}
          onClick={() => onChange(value)}
        >
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * Total users, active matches, chats that happened and the participation rate: one headline per
 * figure (docs/admin-console.md, "The figures"), the same words Matching Performance uses.
 */
function KeyFigures({
  users,
  stats,
}: {
  users: EnhancedMetrics["userMetrics"];
  stats: ReturnType<typeof useAdminStats>["data"];
}) {
  const invited = users.totalRegistered + users.invitedNotJoined;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Stat
        label="Total Users"
        value={users.totalRegistered}
        note={`${users.pendingProfileSetup} pending setup · ${users.invitedNotJoined} invited, not joined`}
      />
      <Stat label="Active Matches" value={stats?.activeMatches ?? "–"} />
      <Stat
        label="Chats that happened"
        value={stats?.chatsHappened ?? "–"}
        note="All rounds, this month's included"
      />
      <Stat
        label="Participation Rate"
        value={formatPercent(
          percent(users.activeParticipants, users.totalRegistered - users.optedOutUsers),
        )}
        note={`Of the people signed up who have not opted out · ${users.activeParticipants} of ${invited} invited take part (${formatPercent(percent(users.activeParticipants, invited))})`}
      />
    </dl>
  );
}
