import type { EmployeeStatusSummary } from "@shared/employees";
import { percent } from "@shared/metric-figures";
import type { AdminStats, EnhancedMetrics, SystemHealth } from "@shared/metrics";
import { atInZone } from "@shared/zone-clock";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { Stat } from "./chart-figure";
import { formatPercent } from "./metrics-queries";

/**
 * Employment as the roster says, every employee counted once: at work, on leave or left, whatever
 * they chose about taking part (docs/admin-console.md, "The figures"). The card says so, as its
 * "On leave" differs from Pairing Eligibility's, which counts only who nothing else keeps out.
 */
function EmployeeStatus({ summary }: { summary: EmployeeStatusSummary | undefined }) {
  const zone = useCompanyTimeZone();
  const lastSync = summary?.lastSyncDate ? atInZone(summary.lastSyncDate, zone) : "Never";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Employee status</CardTitle>
        <CardDescription>
          Employment, as the roster says: at work, on leave and left add up to Total Users, whether
          or not each person takes part. Active, Paused and Opted Out (User Management) are about
          taking part; Pairing Eligibility counts someone on leave only when nothing else, such as a
          pause, keeps them out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-coffee-200 text-sm">
          <Row label="Last synced" value={lastSync} />
          <Row label="Total Users" value={summary?.totalEmployees ?? "–"} />
          <Row label="At work" value={summary?.activeEmployees ?? "–"} />
          <Row label="On leave today" value={summary?.onLeaveEmployees ?? "–"} />
          <Row label="Left the company" value={summary?.leftEmployees ?? "–"} />
          <Row label="Ready to Pair" value={summary?.availableForMatching ?? "–"} />
        </dl>
      </CardContent>
    </Card>
  );
}

/** Engagement: connections made, monthly active users and retention. */
export function Engagement({
  users,
  stats,
}: {
  users: EnhancedMetrics["userMetrics"];
  stats: AdminStats | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Engagement</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat
            label="Total connections"
            value={stats ? stats.activeMatches + stats.completedChats : "–"}
            note="Open matches and chats that happened"
          />
          <Stat
            label="Monthly active users"
            value={users.activeParticipants}
            note="Status Active, as User Management counts them"
          />
          <Stat
            label="Retention rate"
            value={formatPercent(
              percent(users.totalRegistered - users.optedOutUsers, users.totalRegistered),
            )}
            note="Everyone who has not opted out"
          />
        </dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-2">
      <dt className="text-coffee-700">{label}</dt>
      <dd className="font-semibold text-coffee-950">{value}</dd>
    </div>
  );
}

/** Operations: the employee status summary and the System Health card. */
export function OperationsMetrics({
  summary,
  health,
  pendingProfileSetup,
}: {
  summary: EmployeeStatusSummary | undefined;
  health: SystemHealth | undefined;
  pendingProfileSetup: number;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <EmployeeStatus summary={summary} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">System Health</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-coffee-200 text-sm">
            <Row
              label="Database"
              value={health ? `${health.database.status} (${health.database.kind})` : "–"}
            />
            <Row label="Email service" value={health?.emailService.label ?? "–"} />
            <Row label="Employee sync" value={health?.employeeSync ?? "–"} />
            <Row label="Pending profile setups" value={pendingProfileSetup} />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
