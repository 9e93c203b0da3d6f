import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import {
  type AggregateRow,
  type ConnectionScope,
  connectionAggregates,
} from "./connection-aggregates";
import { type FiguresClaim, figuresVersion, settleRecount } from "./stored-connection-figures";

/** The aggregates of `scope` with the version they describe, both read in `tx`'s one snapshot. */
export async function countInSnapshot(
  tx: Tx,
  scope: ConnectionScope,
): Promise<{ aggregates: AggregateRow[]; version: string }> {
  const version = await figuresVersion(tx);
  return { aggregates: await connectionAggregates(tx, scope), version };
}

/**
 * The connection-figures job's work (docs/performance.md, "Connections"): the claimed key counted
 * afresh in one repeatable-read snapshot, off any request, and kept for every process's reads.
 */
export async function recountConnectionFigures(
  ctx: Pick<AppContext, "db" | "clock">,
  claim: FiguresClaim,
  owner: string,
): Promise<void> {
  const counted = await ctx.db.transaction((tx) => countInSnapshot(tx, claim.scope), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  await settleRecount(ctx.db, claim, owner, { ...counted, countedAt: ctx.clock.now() });
}
