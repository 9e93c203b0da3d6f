import {
  DEFAULT_CONNECTION_MONTHS,
  DEFAULT_MIN_CELL,
  periodProblem,
  runningMonthsOf,
  shiftMonthKey,
} from "@shared/connections";
import { connectionsFromRows } from "@shared/connections-from-rows";
import { metricEndpoints } from "@shared/endpoints/metrics";
import { answerTo } from "./sample-answer";
import { SAMPLE_GROUP_ID, SAMPLE_NOW, samplePeople } from "./sample-people";
import { allMatches, samplePairings } from "./sample-rounds";

/** The sample company's matches with their members' departments, as the server reads them. */
const rows = allMatches.map((m) => ({
  month: m.round.month,
  happened: m.happened,
  members: m.members.map((i) => ({
    id: samplePeople[i].id,
    department: samplePeople[i].departmentName,
  })),
}));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The sample programme's first month, as the server answers it (its earliest pairing). */
const firstMonth = rows.reduce<string | null>(
  (first, row) => (first === null || row.month < first ? row.month : first),
  null,
);

/** The sample's running pairing's month, as the server reads its running pairings. */
const runningPairingMonths = samplePairings
  .filter((p) => p.summary.status === "active")
  .map((p) => p.round.month);

/**
 * The connections figures (the metrics endpoint table's `connections`) for the sample company,
 * counted match by match
 * (src/shared/connections-from-rows.ts) with the default threshold; every pairing is the sample
 * group's, so another group has none.
 */
function connectionsAnswer(url: URL) {
  const month = (name: string) => {
    const value = url.searchParams.get(name);
    return value && MONTH.test(value) ? value : null;
  };
  const thisMonth = SAMPLE_NOW.toISOString().slice(0, 7);
  const to = month("to") ?? thisMonth;
  let from = month("from") ?? shiftMonthKey(to, -(DEFAULT_CONNECTION_MONTHS - 1));
  if (periodProblem(from, to)) from = to;
  const group = Number(url.searchParams.get("domainGroupId")) || null;
  const inScope = group === null || group === SAMPLE_GROUP_ID;
  const scoped = inScope ? rows : [];
  return {
    ...connectionsFromRows(scoped, { from, to, domainGroupId: group, minCell: DEFAULT_MIN_CELL }),
    countedAt: SAMPLE_NOW.toISOString(),
    stale: false,
    firstMonth,
    runningMonths: runningMonthsOf({ from, to }, thisMonth, inScope ? runningPairingMonths : []),
  };
}

export const sampleConnectionAnswers: Record<string, unknown> = Object.fromEntries([
  answerTo(metricEndpoints.connections, connectionsAnswer),
  answerTo(metricEndpoints.connectionSettings, { minCell: DEFAULT_MIN_CELL }),
]);
