import { percent } from "@shared/metric-figures";
import type { EnhancedMetrics } from "@shared/metrics";
import type { PairingSummary } from "@shared/pairings";
import { fullName, SAMPLE_GROUP_ID, samplePairs, samplePeople } from "./sample-people";

/** Sample answers for the Operations and Analytics & Metrics tabs (see sample-data.ts). */
const now = new Date();
const monthKey = (back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
};
const monthName = (key: string) =>
  new Date(`${key}-01T00:00:00Z`).toLocaleString("en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
const current = monthKey(0);
const pairs = samplePairs();
const active = samplePeople.filter((p) => p.participationStatus === "active").length;
const paused = samplePeople.filter((p) => p.participationStatus === "paused").length;
const optedOut = samplePeople.filter((p) => p.participationStatus === "opted_out").length;

const currentPairing: PairingSummary = {
  id: 101,
  name: `${monthName(current)} — Brew Co`,
  month: current,
  domainGroupId: SAMPLE_GROUP_ID,
  domainGroupName: "brewco",
  groupNumber: 1,
  status: "active",
  totalPairs: pairs.length,
  oddPolicy: "trio",
  createdAt: `${current}-01T09:00:00.000Z`,
  completedAt: null,
  qualityScore: 88.4,
};

/** Six earlier rounds: matches and how many were met, oldest first. */
const history = [5, 4, 3, 2, 1].map((back, i) => ({ month: monthKey(back), total: 8, met: 4 + i }));
const previousMonths = [{ month: monthKey(6), total: 7, met: 3 }, ...history].map((m) => ({
  month: m.month,
  totalMatches: m.total,
  completedMatches: m.met,
  successRate: percent(m.met, m.total),
}));

const completedFiles = history
  .slice(-3)
  .reverse()
  .map((m) => ({
    fileName: `pairing-${m.month}-group1-brew-co-1.json`,
    displayName: `${monthName(m.month)} Group A - Brew Co`,
    monthDisplay: monthName(m.month),
    groupDisplay: "Brew Co",
    matchCount: m.total,
    createdAt: `${m.month}-28T09:00:00.000Z`,
  }));

const byDepartment: Record<string, number> = {};
for (const p of samplePeople) {
  const key = p.departmentName ?? "Not Set";
  byDepartment[key] = (byDepartment[key] ?? 0) + 1;
}

const metrics: EnhancedMetrics = {
  userMetrics: {
    totalRegistered: samplePeople.length,
    pendingProfileSetup: samplePeople.filter((p) => p.needsProfileSetup).length,
    activeParticipants: active,
    pausedUsers: paused,
    optedOutUsers: optedOut,
    participationRate: percent(active, samplePeople.length - optedOut),
    byDepartment,
  },
  matchingMetrics: {
    currentMonth: {
      month: current,
      totalMatches: pairs.length,
      activeMatches: pairs.length - 2,
      completedMatches: 2,
    },
    previousMonths,
  },
};

const previewUser = (p: (typeof samplePeople)[number]) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
});

export const samplePairingAnswers: Record<string, unknown> = {
  "/api/admin/pairing-validation": {
    statusCounts: {
      total: samplePeople.length,
      truly_active: active - 1,
      opted_out: optedOut,
      paused,
      inactive: 1,
    },
    eligibility: {
      hasMinimumUsers: true,
      minimumRequired: 4,
      hasEvenNumbers: (active - 1) % 2 === 0,
    },
    excluded: {
      opted_out: optedOut,
      paused,
      removed: 0,
      deactivated: 0,
      incomplete_profile: 1,
      on_leave: 0,
    },
    oddPolicy: "trio",
  },
  "/api/admin/pairing-validation/excluded": (url: URL) => {
    const reason = url.searchParams.get("reason") ?? "";
    const people = samplePeople
      .filter((p) =>
        reason === "incomplete_profile" ? p.needsProfileSetup : p.participationStatus === reason,
      )
      .map((p) => ({
        id: p.id,
        name: fullName(p),
        email: p.email,
        department: p.departmentName,
      }));
    return { reason, total: people.length, people };
  },
  "/api/admin/current-pairings": {
    pairings: [currentPairing],
    matchesByPairing: {
      [currentPairing.id]: pairs.map(([a, b], i) => ({
        id: 1000 + i,
        user1: previewUser(a),
        user2: previewUser(b),
        status: i < 2 ? "completed" : "active",
        user1ConnectionStatus: i < 2 ? "confirmed" : "pending",
        user2ConnectionStatus: i < 2 ? "confirmed" : "pending",
      })),
    },
  },
  "/api/admin/completed-pairing-files": completedFiles,
  "/api/admin/pairing-groups": {
    "Brew Co": completedFiles.map((f) => ({
      fileName: f.fileName,
      groupName: f.displayName,
      totalPairs: f.matchCount,
    })),
  },
  "/api/admin/pairing-history": { pairings: [currentPairing] },
  "/api/admin/pairing-report": {
    recentPairings: [currentPairing],
    validationIssues: [],
    averageQualityScore: 88.4,
  },
  "/api/admin/employee-status-summary": {
    totalEmployees: samplePeople.length,
    activeEmployees: samplePeople.length - 1,
    onLeaveEmployees: 1,
    availableForMatching: active - 1,
    lastSyncDate: `${current}-01T08:00:00.000Z`,
  },
  "/api/admin/stats": { activeMatches: pairs.length - 2, completedChats: 38 },
  "/api/admin/enhanced-metrics": metrics,
  "/api/admin/system-health": {
    database: { status: "Operational", kind: "Sample data" },
    emailService: { transport: "outbox", label: "Outbox (sample data: nothing is sent)" },
    employeeSync: "CSV roster upload",
  },
};

export const samplePairingPatterns: Array<[RegExp, unknown]> = [
  [
    /^\/completed_pairings\/.+$/,
    {
      name: "Brew Co",
      month: history.at(-1)?.month,
      domainGroup: "Brew Co",
      matches: pairs.map(([a, b]) => ({
        user1_name: fullName(a),
        user1_email: a.email,
        user2_name: fullName(b),
        user2_email: b.email,
        status: "completed",
      })),
    },
  ],
];
