import { and, between, eq, sql } from "drizzle-orm";
import {
  type Connections,
  DEFAULT_CONNECTION_MONTHS,
  periodProblem,
  runningMonthsOf,
  shiftMonthKey,
} from "../../../shared/connections";
import type { AppContext } from "../../context";
import { utcMonthOf } from "../../dates/month-dates";
import type { Tx } from "../../db/client";
import { domainGroups, pairings } from "../../db/schema";
import { BadRequest, NotFound } from "../../errors";
import { connectionFiguresTrigger } from "../../job-triggers";
import { getConnectionSettings } from "../../settings/connection-settings";
import type { ConnectionScope } from "./connection-aggregates";
import { connectionsFromAggregates } from "./connections-from-aggregates";
import { countInSnapshot } from "./recount-connection-figures";
import {
  askRecount,
  dropOldFigures,
  figuresVersion,
  readStoredFigures,
  type StoredFigures,
  saveCountedFigures,
} from "./stored-connection-figures";

export interface ConnectionsRequest {
  from?: string;
  to?: string;
  domainGroupId: number | null;
}

/**
 * What a read found in one snapshot: the threshold, the programme's first month and the period's
 * months with a running pairing; the stored figures and the version now, or a fresh count.
 */
type StoredOrCounted = { minCell: number; firstMonth: string | null; running: string[] } & (
  | { stored: StoredFigures; version: string }
  | { stored: null; counted: Awaited<ReturnType<typeof countInSnapshot>> }
);

/** The period the page opens with: this month and the five before it. */
export function defaultConnectionPeriod(now: Date): { from: string; to: string } {
  const to = utcMonthOf(now);
  return { from: shiftMonthKey(to, -(DEFAULT_CONNECTION_MONTHS - 1)), to };
}

/**
 * The periods counted before anyone asks (the connection-figures job): the page's default and
 * the twelve months to this one, the period of a year's report.
 */
export function preCountedConnectionPeriods(now: Date): { from: string; to: string }[] {
  const period = defaultConnectionPeriod(now);
  return [period, { from: shiftMonthKey(period.to, -11), to: period.to }];
}

/**
 * The Connections figures of a period and scope (docs/admin-console.md, "Connections"): this
 * month and the five before it when the period is left out. Answered from the figures last
 * counted (stored-connection-figures.ts), at once, with when they were counted and whether a
 * match, answer, member's department or department name changed since; a stale answer asks the
 * connection-figures job to recount. Only a key never counted before is counted in the request.
 * The privacy threshold in force is applied to the stored aggregates at each read.
 */
export async function getConnections(
  ctx: Pick<AppContext, "db" | "clock" | "jobs">,
  request: ConnectionsRequest,
): Promise<Connections> {
  const defaults = defaultConnectionPeriod(ctx.clock.now());
  const to = request.to ?? defaults.to;
  const from = request.from ?? shiftMonthKey(to, -(DEFAULT_CONNECTION_MONTHS - 1));
  const problem = periodProblem(from, to);
  if (problem) throw new BadRequest(problem, "validation");
  const scope = { from, to, domainGroupId: request.domainGroupId };
  const read: StoredOrCounted = await ctx.db.transaction(
    async (tx) => {
      if (request.domainGroupId !== null) await requireGroup(tx, request.domainGroupId);
      const { minCell } = await getConnectionSettings(tx);
      const [{ firstMonth }] = await tx
        .select({ firstMonth: sql<string | null>`min(${pairings.month})` })
        .from(pairings);
      const known = { minCell, firstMonth, running: await runningPairingMonths(tx, scope) };
      const stored = await readStoredFigures(tx, scope);
      if (stored) return { ...known, stored, version: await figuresVersion(tx) };
      return { ...known, stored: null, counted: await countInSnapshot(tx, scope) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { minCell, firstMonth } = read;
  // At each read, not with the stored figures: a month ends, or its pairing completes, without
  // changing any figure.
  const runningMonths = runningMonthsOf(scope, utcMonthOf(ctx.clock.now()), read.running);
  if (!read.stored) {
    const countedAt = ctx.clock.now();
    await saveCountedFigures(ctx.db, scope, { ...read.counted, countedAt });
    await dropOldFigures(ctx.db, scope, preCountedConnectionPeriods(countedAt), countedAt);
    const figures = connectionsFromAggregates(read.counted.aggregates, scope, minCell);
    const counted = { countedAt: countedAt.toISOString(), stale: false };
    return { ...figures, ...counted, firstMonth, runningMonths };
  }
  const { stored } = read;
  const stale = stored.version !== read.version;
  if (stale) {
    if (!stored.recountAskedAt) await askRecount(ctx.db, scope, ctx.clock.now());
    ctx.jobs.wake(connectionFiguresTrigger);
  }
  const figures = connectionsFromAggregates(stored.aggregates, scope, minCell);
  return {
    ...figures,
    countedAt: stored.countedAt.toISOString(),
    stale,
    firstMonth,
    runningMonths,
  };
}

/** The period's months with a running pairing in the scope (every pairing, or one group's). */
async function runningPairingMonths(tx: Tx, scope: ConnectionScope): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ month: pairings.month })
    .from(pairings)
    .where(
      and(
        eq(pairings.status, "active"),
        between(pairings.month, scope.from, scope.to),
        scope.domainGroupId === null ? undefined : eq(pairings.domainGroupId, scope.domainGroupId),
      ),
    );
  return rows.map((r) => r.month);
}

/** A domain group asked for must exist: figures are counted and kept only for real scopes. */
async function requireGroup(tx: Tx, domainGroupId: number): Promise<void> {
  const [group] = await tx
    .select({ id: domainGroups.id })
    .from(domainGroups)
    .where(eq(domainGroups.id, domainGroupId));
  if (!group) {
    throw new NotFound(
      `There is no domain group ${domainGroupId}: choose one of the groups on the page, or every pairing.`,
    );
  }
}
