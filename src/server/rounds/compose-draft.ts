import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { pairings, roundDrafts } from "../db/schema";
import { requireGroup } from "../directory/groups/find-group";
import { BadRequest } from "../errors";
import { runMatching } from "../matching/engine";
import { buildInstance } from "../pairings/generate/build-instance";
import { getPairingSettings } from "../pairings/generate/pairing-settings";
import { listEligibleUsers } from "../pairings/members/eligibility";
import { dayOf, type PairingScope, reactivateEndedPauses } from "../pairings/members/scope";
import type { RoundScope } from "./round-settings";

/** The pairing scope of a round: a company-wide round pairs the people in no active group. */
export async function pairingScopeOf(db: Db | Tx, scope: RoundScope): Promise<PairingScope> {
  if (scope.domainGroupId === null) return { kind: "all", ungroupedOnly: true };
  return { kind: "group", group: await requireGroup(db, scope.domainGroupId) };
}

/**
 * The pairing that already stands for this round, if any: one of the scope's own for the month
 * (made by hand or published by the round), or a company-wide one made by hand for everyone.
 */
export async function pairingOfRound(db: Db | Tx, scope: RoundScope, month: string) {
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
        sql`${pairings.scopeKey} in (${scope.key}, 'all')`,
        sql`${pairings.status} in ('active', 'completed')`,
      ),
    )
    .orderBy(pairings.groupNumber);
  const own = rows.find((r) => r.scopeKey === scope.key);
  if (own) return { ...own, scheduled: isScheduled(own.stats) };
  const everyone = rows.find((r) => r.scopeKey === "all" && !isScheduled(r.stats));
  return everyone ? { ...everyone, scheduled: false } : null;
}

/** A pairing the rounds made carries `round: { scheduled: true }` in its stats. */
export const isScheduled = (stats: unknown) =>
  Boolean((stats as { round?: { scheduled?: boolean } } | null)?.round?.scheduled);

/**
 * Runs the pairing engine for a round, exactly as a generation does (docs/pairings.md
 * "Generating"), and stores the result as the round's draft, replacing an earlier one.
 * Fewer ready people than the minimum, or no possible pair, is a BadRequest naming why.
 */
export async function composeDraft(ctx: AppContext, scope: RoundScope, month: string) {
  const now = ctx.clock.now();
  const today = dayOf(now);
  await reactivateEndedPauses(ctx.db, today);
  const pairingScope = await pairingScopeOf(ctx.db, scope);
  const settings = await getPairingSettings(ctx.db);
  const eligible = await listEligibleUsers(ctx.db, pairingScope, today);
  const label = `${scope.label} in ${monthDisplay(month)}`;
  if (eligible.length < settings.minimumUsers) {
    throw new BadRequest(
      `Not enough people are ready to pair for ${label}: ${eligible.length} ready, at least ${settings.minimumUsers} needed.`,
      "not_enough_users",
    );
  }
  const seed = randomInt(0, 2 ** 31 - 1);
  const instance = await buildInstance(ctx.db, eligible, {
    month,
    scopeKey: scope.key,
    repeatWindowMonths: settings.repeatWindowMonths,
    oddPolicy: settings.oddPolicy,
    seed,
  });
  const result = runMatching(instance);
  if (result.groups.length === 0) {
    throw new BadRequest(
      `No pairs could be made for ${label}: preferences and recent matches rule out every pair.`,
      "no_pairs",
    );
  }
  const values = {
    scopeKey: scope.key,
    domainGroupId: scope.domainGroupId,
    month,
    groups: result.groups,
    unmatched: result.unmatched,
    oddPolicy: settings.oddPolicy,
    seed,
    stats: {
      ...result.stats,
      eligible: eligible.length,
      repeatWindowMonths: settings.repeatWindowMonths,
    },
  };
  const [draft] = await ctx.db
    .insert(roundDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: [roundDrafts.scopeKey, roundDrafts.month],
      set: { ...values, updatedAt: now },
    })
    .returning();
  return draft;
}
