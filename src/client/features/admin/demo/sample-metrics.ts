import type { EmployeeStatusSummary } from "@shared/employees";
import { employeeEndpoints } from "@shared/endpoints/employees";
import { metricEndpoints } from "@shared/endpoints/metrics";
import { PREVIOUS_MONTHS, percent } from "@shared/metric-figures";
import type { AdminStats, EnhancedMetrics } from "@shared/metrics";
import { answerTo } from "./sample-answer";
import { isOnLeave, samplePeople } from "./sample-people";
import { allMatches, samplePairings } from "./sample-rounds";

/**
 * Sample answers for the counters and the Analytics & Metrics tab (see sample-data.ts), counted
 * as src/server/metrics/ counts them: a chat counts once it happened (src/shared/chat-happened.ts).
 */
const people = samplePeople.length;
const withStatus = (status: string) =>
  samplePeople.filter((p) => p.participationStatus === status).length;
const active = withStatus("active");
const optedOut = withStatus("opted_out");
const onLeave = samplePeople.filter((_, i) => isOnLeave(i)).length;
const ready = samplePeople.filter(
  (p, i) => p.participationStatus === "active" && !isOnLeave(i),
).length;

/** People per department name, largest first, then by name (as the server orders them). */
function byDepartment(): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of samplePeople) {
    const name = p.departmentName ?? "Not Set";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return Object.fromEntries(
    [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

const running = samplePairings[samplePairings.length - 1];
const monthFigures = (month: string) => {
  const own = allMatches.filter((m) => m.round.month === month);
  const completed = own.filter((m) => m.happened).length;
  const open = own.filter((m) => m.status === "active" && !m.happened).length;
  return { total: own.length, completed, open };
};

const previousMonths = samplePairings.slice(-1 - PREVIOUS_MONTHS, -1).map(({ round }) => {
  const { total, completed } = monthFigures(round.month);
  return {
    month: round.month,
    successRate: percent(completed, total),
    totalMatches: total,
    completedMatches: completed,
  };
});
const current = monthFigures(running.round.month);

const metrics: EnhancedMetrics = {
  userMetrics: {
    totalRegistered: people,
    pendingProfileSetup: 0,
    activeParticipants: active,
    pausedUsers: withStatus("paused"),
    optedOutUsers: optedOut,
    participationRate: percent(active, people - optedOut),
    byDepartment: byDepartment(),
  },
  matchingMetrics: {
    currentMonth: {
      month: running.round.month,
      totalMatches: current.total,
      activeMatches: current.open,
      completedMatches: current.completed,
    },
    previousMonths,
  },
};

const stats: AdminStats = {
  activeMatches: running.matches.filter((m) => !m.happened).length,
  completedChats: allMatches.filter((m) => m.happened).length,
};

const statusSummary: EmployeeStatusSummary = {
  totalEmployees: people,
  activeEmployees: people - onLeave,
  onLeaveEmployees: onLeave,
  availableForMatching: ready,
  lastSyncDate: null,
};

export const sampleMetricAnswers: Record<string, unknown> = Object.fromEntries([
  answerTo(metricEndpoints.stats, stats),
  answerTo(metricEndpoints.enhanced, metrics),
  answerTo(employeeEndpoints.statusSummary, statusSummary),
  answerTo(metricEndpoints.systemHealth, {
    database: { status: "Operational", kind: "Sample data" },
    emailService: { transport: "outbox", label: "Outbox (sample data: nothing is sent)" },
    employeeSync: "CSV roster upload",
  }),
]);
