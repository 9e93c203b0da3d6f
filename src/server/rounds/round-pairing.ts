import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { pairings } from "../db/schema";
import type { RoundScope } from "./round-settings";

/**
 * The pairing that already stands for this round, if any: one of the scope's own for the month,
 * made by hand or published by the round. ("All Users" is a scope of its own, the people in no
 * active group, so a company-wide pairing made by hand stands only for the company-wide round.)
 */
export async function pairingOfRound(db: Db | Tx, scope: Pick<RoundScope, "key">, month: string) {
  const rows = await db
    .select({
      id: pairings.id,
      scopeKey: pairings.scopeKey,
      status: pairings.status,
      stats: pairings.stats,
    })
    .from(pairings)
    .where(
      and(
        eq(pairings.month, month),
        eq(pairings.scopeKey, scope.key),
        sql`${pairings.status} in ('active', 'completed')`,
      ),
    )
    .orderBy(pairings.runOfMonth);
  const own = rows[0];
  return own ? { ...own, scheduled: isScheduled(own.stats) } : null;
}

/** A pairing the rounds made carries `round: { scheduled: true }` in its stats. */
export const isScheduled = (stats: unknown) =>
  Boolean((stats as { round?: { scheduled?: boolean } } | null)?.round?.scheduled);
