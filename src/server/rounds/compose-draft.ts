import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { roundDrafts } from "../db/schema";
import { requireGroup } from "../directory/groups/find-group";
import { matchScope } from "../pairings/generate/match-scope";
import type { PairingScope } from "../pairings/scope/scope";
import type { RoundScope } from "./round-settings";

/** The pairing scope of a round: a company-wide round pairs the people in no active group. */
export async function pairingScopeOf(db: Db | Tx, scope: RoundScope): Promise<PairingScope> {
  if (scope.domainGroupId === null) return { kind: "all", ungroupedOnly: true };
  return { kind: "group", group: await requireGroup(db, scope.domainGroupId) };
}

/**
 * Runs the pairing engine for a round, exactly as a generation does (docs/pairings.md
 * "Generating"), and stores the result as the round's draft, replacing an earlier one.
 * Fewer ready people than the minimum, or no possible pair, is a BadRequest naming why.
 */
export async function composeDraft(ctx: AppContext, scope: RoundScope, month: string) {
  const now = ctx.clock.now();
  const pairingScope = await pairingScopeOf(ctx.db, scope);
  const label = `${scope.label} in ${monthDisplay(month)}`;
  const { settings, seed, result, stats, satOut } = await matchScope(ctx, pairingScope, {
    month,
    scopeKey: scope.key,
    label,
  });
  const values = {
    scopeKey: scope.key,
    domainGroupId: scope.domainGroupId,
    month,
    matches: result.groups,
    unmatched: result.unmatched,
    satOut,
    oddPolicy: settings.oddPolicy,
    seed,
    stats,
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
