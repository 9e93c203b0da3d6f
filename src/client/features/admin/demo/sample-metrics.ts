import { answerList } from "@shared/chat-happened";
import type { EmployeeStatusSummary } from "@shared/employees";
import { employeeEndpoints } from "@shared/endpoints/employees";
import { metricEndpoints } from "@shared/endpoints/metrics";
import { matchFigures } from "@shared/figure-definitions";
import { PREVIOUS_MONTHS, percent } from "@shared/metric-figures";
import type { AdminStats, EnhancedMetrics } from "@shared/metrics";
import { answerTo } from "./sample-answer";
import { isOnLeave, samplePeople } from "./sample-people";
import { isAsked } from "./sample-quiet";
import { allMatches, samplePairings } from "./sample-rounds";

/**
 * Sample answers for the counters and the Analytics & Metrics tab (see sample-data.ts), counted
 * by the one definition of each figure (src/shared/figure-definitions.ts), as the server counts them.
 */
const people = samplePeople.length;
const withStatus = (status: string) =>
  samplePeople.filter((p) => p.participationStatus === status).length;
const active = withStatus("active");
const optedOut = withStatus("opted_out");
const onLeave = samplePeople.filter((_, i) => isOnLeave(i)).length;
// Those asked if they are still in wait for their answer, as the server leaves them out.
const ready = samplePeople.filter(
  (p, i) => p.participationStatus === "active" && !isOnLeave(i) && !isAsked(i),
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
/** The sample matches as the figures see them (a sample match's status is its pairing's). */
const figureMatches = allMatches.map((m) => ({
  month: m.round.month,
  status: m.status,
  pairingStatus: m.status,
  members: answerList(m.answers),
}));
const monthFigures = (month: string) =>
  matchFigures(figureMatches.filter((m) => m.month === month));

const previousMonths = samplePairings.slice(-1 - PREVIOUS_MONTHS, -1).map(({ round }) => {
  const { totalMatches, completedChats, chatsHappened } = monthFigures(round.month);
  return {
    month: round.month,
    successRate: percent(chatsHappened, totalMatches),
    totalMatches,
    completedMatches: completedChats,
    chatsHappened,
  };
});
const current = monthFigures(running.round.month);
const allTime = matchFigures(figureMatches);

const metrics: EnhancedMetrics = {
  userMetrics: {
    totalRegistered: people,
    pendingProfileSetup: 0,
    activeParticipants: active,
    pausedUsers: withStatus("paused"),
    optedOutUsers: optedOut,
    participationRate: percent(active, people - optedOut),
    invitedNotJoined: 0,
    byDepartment: byDepartment(),
  },
  matchingMetrics: {
    currentMonth: {
      month: running.round.month,
      totalMatches: current.totalMatches,
      activeMatches: current.activeMatches,
      completedMatches: current.completedChats,
      chatsHappened: current.chatsHappened,
    },
    previousMonths,
  },
};

const stats: AdminStats = {
  activeMatches: allTime.activeMatches,
  completedChats: allTime.completedChats,
  chatsHappened: allTime.chatsHappened,
};

const statusSummary: EmployeeStatusSummary = {
  totalEmployees: people,
  activeEmployees: people - onLeave,
  onLeaveEmployees: onLeave,
  // Nobody of the sample company has left.
  leftEmployees: 0,
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
