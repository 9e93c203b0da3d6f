import { eq } from "drizzle-orm";
import {
  type Connections,
  DEFAULT_CONNECTION_MONTHS,
  periodProblem,
  shiftMonthKey,
} from "../../../shared/connections";
import { utcMonthOf } from "../../calendar/month-calendar";
import type { AppContext } from "../../context";
import { viewVersion } from "../../db/schema";
import { BadRequest } from "../../errors";
import { getConnectionSettings } from "../../settings/connection-settings";
import { keptMatchFigures } from "../kept-match-figures";
import { connectionAggregates } from "./connection-aggregates";
import { connectionsFromAggregates } from "./connections-from-aggregates";

export interface ConnectionsRequest {
  from?: string;
  to?: string;
  domainGroupId: number | null;
}

/**
 * The Connections figures of a period and scope (docs/admin-console.md, "Connections"): this
 * month and the five before it when the period is left out. Counted in one aggregate statement
 * and kept while no match, answer, member's department or department name has changed (the
 * kept figures of the other metrics; the names' version is part of the key).
 */
export async function getConnections(
  ctx: Pick<AppContext, "db" | "clock">,
  request: ConnectionsRequest,
): Promise<Connections> {
  const to = request.to ?? utcMonthOf(ctx.clock.now());
  const from = request.from ?? shiftMonthKey(to, -(DEFAULT_CONNECTION_MONTHS - 1));
  const problem = periodProblem(from, to);
  if (problem) throw new BadRequest(problem, "validation");
  const scope = { from, to, domainGroupId: request.domainGroupId };
  const [{ minCell }, [names]] = await Promise.all([
    getConnectionSettings(ctx.db),
    ctx.db.select({ version: viewVersion.version }).from(viewVersion).where(eq(viewVersion.id, 1)),
  ]);
  const key = `connections ${from} ${to} ${scope.domainGroupId} names ${names?.version ?? 0}`;
  const rows = await keptMatchFigures(ctx.db, key, (tx) => connectionAggregates(tx, scope));
  return connectionsFromAggregates(rows, scope, minCell);
}
