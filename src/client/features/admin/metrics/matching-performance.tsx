import { shortMonth } from "@shared/date-text";
import { percent } from "@shared/metric-figures";
import type { EnhancedMetrics } from "@shared/metrics";
import type { PairingReportResponse } from "@shared/pairings";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ChartFigure, Stat } from "./chart-figure";
import { formatPercent } from "./metrics-queries";
import { PercentLineChart } from "./percent-line-chart";

type Matching = EnhancedMetrics["matchingMetrics"];

/** Matching Performance for the current month, with the pairing quality report. */
export function CurrentMonthPerformance({
  matching,
  report,
}: {
  matching: Matching;
  report: PairingReportResponse | undefined;
}) {
  const now = matching.currentMonth;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">{shortMonth(now.month)}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="Total matches" value={now.totalMatches} />
            <Stat label="Active matches" value={now.activeMatches} />
            <Stat label="Chats that happened" value={now.chatsHappened} />
            <Stat
              label="Completion rate"
              value={formatPercent(percent(now.chatsHappened, now.totalMatches))}
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Pairing Quality</CardTitle>
        </CardHeader>
        <CardContent>
          {!report || report.recentPairings.length === 0 ? (
            <p className="text-sm text-coffee-700">No pairing data available</p>
          ) : (
            <dl className="grid grid-cols-2 gap-3">
              <Stat label="Recent pairings" value={report.recentPairings.length} />
              <Stat label="Validation issues" value={report.validationIssues.length} />
              <Stat
                label="Average quality score"
                value={
                  report.averageQualityScore === null
                    ? "N/A"
                    : report.averageQualityScore.toFixed(1)
                }
              />
            </dl>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Matching Performance for the last six months: a success-rate trend and the figures. */
export function PreviousMonthsPerformance({ matching }: { matching: Matching }) {
  const months = matching.previousMonths.map((m) => ({ ...m, label: shortMonth(m.month) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Last 6 months</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <ChartFigure
          caption="Success rate per month (chats that happened / matches)"
          columns={["Month", "Success rate", "Matches", "Chats that happened"]}
          rows={months.map((m) => [
            m.label,
            formatPercent(m.successRate),
            m.totalMatches,
            m.chatsHappened,
          ])}
        >
          <PercentLineChart rows={months} dataKey="successRate" name="Success rate" />
        </ChartFigure>
        <ul className="divide-y divide-coffee-200 text-sm" aria-label="Previous months">
          {[...months].reverse().map((m) => (
            <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{m.label}</span>
              <span>
                {formatPercent(m.successRate)} success · {m.chatsHappened} of {m.totalMatches} chats
                happened
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
