import { percent, TOP_DEPARTMENTS } from "@shared/metric-figures";
import type { EnhancedMetrics } from "@shared/metrics";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { CHART_COLORS, ChartFigure } from "./chart-figure";
import { formatPercent } from "./metrics-queries";

/** An axis label that fits its 128 px: long department names end in "…" (the table has them whole). */
const shortLabel = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

/** User Analytics: status distribution and the ten largest departments. */
export function UserAnalytics({ metrics }: { metrics: EnhancedMetrics["userMetrics"] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <StatusDistributionCard metrics={metrics} />
      <TopDepartmentsCard byDepartment={metrics.byDepartment} />
    </div>
  );
}

/** The pie of active, paused and opted-out users with its legend. */
function StatusDistributionCard({ metrics }: { metrics: EnhancedMetrics["userMetrics"] }) {
  const total = metrics.totalRegistered;
  const statuses = [
    { name: "Active", value: metrics.activeParticipants },
    { name: "Paused", value: metrics.pausedUsers },
    { name: "Opted Out", value: metrics.optedOutUsers },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Status distribution</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ChartFigure
          caption={`Participation status of ${total} users`}
          columns={["Status", "Users", "Share"]}
          rows={statuses.map((s) => [s.name, s.value, formatPercent(percent(s.value, total))])}
        >
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                data={statuses}
                dataKey="value"
                nameKey="name"
                innerRadius="50%"
                outerRadius="80%"
                rootTabIndex={-1}
                isAnimationActive={false}
              >
                {statuses.map((s, i) => (
                  <Cell key={s.name} fill={CHART_COLORS[i]} />
                ))}
              </Pie>
              <Tooltip />
            </PieChart>
          </ResponsiveContainer>
        </ChartFigure>
        <ul className="grid gap-2 text-sm" aria-label="Users by status">
          {statuses.map((s, i) => (
            <li key={s.name} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ background: CHART_COLORS[i] }}
              />
              <span className="flex-1">{s.name}</span>
              <span className="font-semibold">{s.value}</span>
              <span className="w-14 text-right text-coffee-700">
                {formatPercent(percent(s.value, total))}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The bar chart of the largest departments. */
function TopDepartmentsCard({ byDepartment }: { byDepartment: Record<string, number> }) {
  const departments = Object.entries(byDepartment)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_DEPARTMENTS)
    .map(([name, value]) => ({ name, value }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Top {TOP_DEPARTMENTS} departments</CardTitle>
      </CardHeader>
      <CardContent>
        {departments.length === 0 ? (
          <p className="text-sm text-coffee-700">No users yet.</p>
        ) : (
          <ChartFigure
            caption="Users per department, largest first"
            columns={["Department", "Users"]}
            rows={departments.map((d) => [d.name, d.value])}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                accessibilityLayer={false}
                data={departments}
                layout="vertical"
                margin={{ left: 8, right: 16 }}
              >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis
                  type="category"
                  dataKey="name"
                  width={128}
                  tick={{ fontSize: 12 }}
                  tickFormatter={shortLabel}
                />
                <Tooltip />
                <Bar dataKey="value" name="Users" fill="#644029" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartFigure>
        )}
      </CardContent>
    </Card>
  );
}
