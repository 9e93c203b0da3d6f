import { CURRENT_PAIRINGS_PAGE_SIZE } from "@shared/current-pairings-query";
import { newsletterEndpoints } from "@shared/endpoints/newsletters";
import { pairingEndpoints } from "@shared/endpoints/pairings";
import { type ExclusionReason, exclusionReasons } from "@shared/exclusions";
import { ACTIVE_PAIRING_FILE_PREFIX } from "@shared/newsletters";
import type {
  CurrentPairingsResponse,
  PairingValidationResponse,
  PreviewMatch,
  PreviewUser,
} from "@shared/pairings";
import { personName } from "@shared/person-name";
import { sampleFileContent } from "@shared/sample-company";
import { answerTo } from "./sample-answer";
import { generatedPeople, isOnLeave, SAMPLE_NOW, samplePeople } from "./sample-people";
import { isAsked } from "./sample-quiet";
import { completedPairings, recordNames, runningPairing, samplePairings } from "./sample-rounds";

/** Sample answers for the Operations tab (see sample-data.ts), worked out as the server does. */

/** Why a sample person is not paired today, as the validation counts them (null: ready). */
function reasonOf(index: number): ExclusionReason | null {
  const { participationStatus } = samplePeople[index];
  if (participationStatus === "opted_out") return "opted_out";
  if (participationStatus === "paused") return "paused";
  if (isAsked(index)) return "not_answering";
  return isOnLeave(index) ? "on_leave" : null;
}

/**
 * Who already has a match this month (UTC, as Generate counts it): the running round's members
 * once its month has come; before its pairing day the running round is last month's.
 */
const matchedThisMonth = new Set(
  runningPairing.round.month === SAMPLE_NOW.toISOString().slice(0, 7)
    ? runningPairing.matches.flatMap((m) => m.members)
    : [],
);

/** The pairing group a request names; none: "All Users", the people in no domain group. */
function groupOf(url: URL): number | null {
  const named = url.searchParams.get("domainGroupId");
  return named ? Number(named) : null;
}

/**
 * Each sample person's reason in a pairing group (undefined: not in it; docs/pairings.md). Every
 * sample person is in the sample company's group, so "All Users" is empty, as the server's is.
 */
function scopeReasons(groupId: number | null): Array<ExclusionReason | null | undefined> {
  return samplePeople.map((p, i) => (p.domainGroupId === groupId ? reasonOf(i) : undefined));
}

/** How many people a pairing group holds and how many are ready (the rounds' headcounts). */
export function sampleHeadcount(groupId: number | null): { people: number; ready: number } {
  const reasons = scopeReasons(groupId);
  return {
    people: reasons.filter((r) => r !== undefined).length,
    ready: reasons.filter((r) => r === null).length,
  };
}

function validationAnswer(url: URL): PairingValidationResponse {
  const reasons = scopeReasons(groupOf(url));
  const reasonCount = (reason: ExclusionReason) => reasons.filter((r) => r === reason).length;
  const { people: counted, ready } = sampleHeadcount(groupOf(url));
  const matched = reasons.filter((r, i) => r === null && matchedThisMonth.has(i)).length;
  const free = ready - matched;
  return {
    statusCounts: {
      total: counted,
      truly_active: ready,
      opted_out: reasonCount("opted_out"),
      paused: reasonCount("paused"),
      inactive: counted - ready - reasonCount("opted_out") - reasonCount("paused"),
    },
    eligibility: {
      hasMinimumUsers: ready >= 2,
      minimumRequired: 2,
      hasEvenNumbers: ready % 2 === 0,
    },
    excluded: Object.fromEntries(
      exclusionReasons.map((reason) => [reason, reasonCount(reason)]),
    ) as PairingValidationResponse["excluded"],
    oddPolicy: "trio",
    // The engine pairs everyone free in the sample company, a trio taking the odd one; the
    // minimum is 2 (in the month's first days, before its round, everyone ready is free).
    forecast: {
      ready: free,
      matches: free < 2 ? 0 : Math.floor(free / 2),
      sitOut: free < 2 ? free : 0,
      alreadyMatched: matched,
      keptApart: 0,
      noSharedHours: [],
    },
  };
}

function excludedAnswer(url: URL) {
  const reason = (url.searchParams.get("reason") ?? "") as ExclusionReason;
  const reasons = scopeReasons(groupOf(url));
  const people = samplePeople
    .filter((_, i) => reasons[i] === reason)
    .map((p) => ({ id: p.id, name: personName(p), email: p.email, department: p.departmentName }))
    .sort(
      (a, b) =>
        a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.email.localeCompare(b.email),
    );
  return { reason, total: people.length, people };
}

const previewUser = (index: number): PreviewUser => {
  const p = samplePeople[index];
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    department: p.departmentName,
    // Their office's zone, which they confirmed.
    timeZone: p.timeZone ?? "UTC",
  };
};

const runningMatches = runningPairing.matches.map(
  (m): PreviewMatch => ({
    id: m.id,
    members: m.members.map((member, i) => ({
      ...previewUser(member),
      connectionStatus: m.answers[i],
    })),
    user1: previewUser(m.members[0]),
    user2: previewUser(m.members[1]),
    ...(m.members[2] === undefined
      ? {}
      : { user3: previewUser(m.members[2]), user3ConnectionStatus: m.answers[2] }),
    status: m.status,
    user1ConnectionStatus: m.answers[0],
    user2ConnectionStatus: m.answers[1],
  }),
);

const searchText = (m: PreviewMatch) =>
  m.members.map((u) => [u.firstName, u.lastName, u.email, u.department].join(" ").toLowerCase());

/**
 * A page of the running round's matches with the search applied, as the server pages them. The
 * sample round has nobody away or waiting, so the "alone" and "away" filters find no match.
 */
function currentPairingsAnswer(url: URL): CurrentPairingsResponse {
  const words = (url.searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const status = url.searchParams.get("status") ?? "";
  const limit = Number(url.searchParams.get("limit")) || CURRENT_PAIRINGS_PAGE_SIZE;
  const from = Number(url.searchParams.get("cursor") ?? 0) || 0;
  const fits = runningMatches.filter(
    (m) =>
      (status === "" || status === "all") &&
      words.every((word) => searchText(m).some((text) => text.includes(word))),
  );
  const id = String(runningPairing.summary.id);
  return {
    pairings: [runningPairing.summary],
    satOut: [],
    waitingByPairing: { [id]: [] },
    matchesByPairing: { [id]: fits.slice(from, from + limit) },
    matchCounts: { [id]: runningMatches.length },
    total: fits.length,
    nextCursor: from + limit < fits.length ? String(from + limit) : null,
  };
}

const newestFirst = [...completedPairings].reverse();
const completedFiles = newestFirst.map((p) => ({
  fileName: p.fileName as string,
  ...recordNames(p),
  matchCount: p.matches.length,
  createdAt: p.summary.completedAt as string,
}));

const allNewestFirst = [...samplePairings].reverse().map((p) => p.summary);

export const samplePairingAnswers: Record<string, unknown> = {
  ...Object.fromEntries([
    answerTo(pairingEndpoints.validation, validationAnswer),
    answerTo(pairingEndpoints.excluded, excludedAnswer),
    answerTo(pairingEndpoints.current, currentPairingsAnswer),
    answerTo(pairingEndpoints.completedFiles, completedFiles),
    answerTo(pairingEndpoints.references, {
      [completedFiles[0]?.groupDisplay ?? ""]: completedFiles.map((f) => ({
        fileName: f.fileName,
        groupName: f.displayName,
        totalPairs: f.matchCount,
      })),
    }),
    answerTo(pairingEndpoints.history, { pairings: allNewestFirst }),
    // The generator keeps every pair apart for the repeat window, and the running round holds
    // only people ready to pair: nothing for the report to flag. Rounds seeded carry no quality
    // score.
    answerTo(pairingEndpoints.report, {
      recentPairings: allNewestFirst.slice(0, 10),
      validationIssues: [],
      averageQualityScore: null,
    }),
  ]),
  ...Object.fromEntries([
    answerTo(newsletterEndpoints.files, [
      {
        fileName: `${ACTIVE_PAIRING_FILE_PREFIX}${runningPairing.summary.id}`,
        displayName: `${recordNames(runningPairing).displayName} (current)`,
        status: "active",
        totalPairs: runningPairing.summary.totalPairs,
        runningFileName: null,
      },
      ...completedFiles.map((f, i) => ({
        fileName: f.fileName,
        displayName: f.displayName,
        status: "completed" as const,
        totalPairs: f.matchCount,
        runningFileName: `${ACTIVE_PAIRING_FILE_PREFIX}${newestFirst[i]?.summary.id}`,
      })),
    ]),
  ]),
};

/** A completed record read by its name, the very record the seed stores. */
function recordAnswer(url: URL) {
  const fileName = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const pairing = completedPairings.find((p) => p.fileName === fileName);
  return pairing
    ? sampleFileContent(pairing.round, generatedPeople)
    : { message: "Pairing file not found" };
}

export const samplePairingPatterns: Array<[RegExp, unknown]> = [
  [/^\/completed_pairings\/.+$/, recordAnswer],
];
