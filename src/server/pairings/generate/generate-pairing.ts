import { and, asc, eq, sql } from "drizzle-orm";
import { matchCountText } from "../../../shared/match-count-text";
import { type GeneratePairingResponse, monthDisplay } from "../../../shared/pairings";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { utcDayOf, utcMonthOf } from "../../dates/month-dates";
import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { pairings, type UserRow } from "../../db/schema";
import { Conflict } from "../../errors";
import { insertPairingGroups } from "../../match-members/match-members";
import { holdRunningPairingsOfMonth, lockScopeMonth } from "../locks/pairing-locks";
import { lockChosenPeople } from "../locks/people-locks";
import { newPairingName } from "../records/pairing-name";
import { awayReasonsOf } from "../scope/member-availability";
import { presentSatOut } from "../scope/sat-out-people";
import { resolveScope, scopeKey, scopeLabel } from "../scope/scope";
import { matchScope } from "./match-scope";

/** Runs inside the generation's transaction, once the pairing and its matches are written. */
export type WhenMade = (
  tx: Tx,
  made: { scopeKey: string; month: string; pairingId: number; at: Date },
) => Promise<unknown>;

/**
 * Pairs the eligible people of one scope for the current month. One active pairing per scope and
 * month: an advisory lock serialises concurrent requests and the partial unique index
 * `pairings_one_active_per_scope` is the last word. A completed pairing frees the month, but a
 * new run then gives everyone a second partner this month, so it is refused unless the request
 * says `secondRun: true`; it gets the next group number (Group B, C, …) so its file name differs.
 */
export async function generatePairing(
  ctx: AppContext,
  admin: Pick<UserRow, "id" | "email" | "firstName" | "lastName">,
  domainGroupId?: number,
  options: { secondRun?: boolean; whenMade?: WhenMade } = {},
): Promise<GeneratePairingResponse> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const now = ctx.clock.now();
  const month = utcMonthOf(now);
  const key = scopeKey(scope);
  const label = scopeLabel(scope);
  const groupName = scope.kind === "group" ? scope.group.displayName : null;
  const refuseIfTaken = async (db: Db | Tx) => {
    const rounds = await roundsOfMonth(db, key, month);
    const running = rounds.find((r) => r.status === "active");
    if (running) {
      const name = await newPairingName(db, {
        month,
        runOfMonth: running.runOfMonth,
        domainGroupName: groupName,
      });
      throw new Conflict(
        `Pairings for ${label} in ${monthDisplay(month)} already exist: "${name}" is still running. Complete or delete it first.`,
        "pairing_exists",
      );
    }
    if (rounds.length > 0 && !options.secondRun) {
      throw new Conflict(
        `The ${monthDisplay(month)} round for ${label} is completed. Generating again makes a second round: everyone gets a second partner in ${monthDisplay(month)}. Confirm the second round to go ahead.`,
        "second_round_unconfirmed",
      );
    }
  };

  await refuseIfTaken(ctx.db);
  const { settings, seed, result, stats, satOut } = await matchScope(ctx, scope, {
    month,
    scopeKey: key,
    label,
  }).catch(async (error: unknown) => {
    // A request that arrived together with another may find everyone already placed by it:
    // the pairing it made is the reason, not "not enough people".
    await refuseIfTaken(ctx.db);
    throw error;
  });

  try {
    const pairing = await ctx.db.transaction(async (tx) => {
      await lockScopeMonth(tx, key, month);
      await refuseIfTaken(tx);
      await refuseIfPairedMeanwhile(tx, month, result.groups);
      await refuseIfGoneMeanwhile(tx, result.groups, utcDayOf(now));
      const [{ next }] = await tx
        .select({ next: sql<number>`(coalesce(max(${pairings.runOfMonth}), 0) + 1)::int` })
        .from(pairings)
        .where(and(eq(pairings.scopeKey, key), eq(pairings.month, month)));
      const name = await newPairingName(tx, {
        month,
        runOfMonth: next,
        domainGroupName: groupName,
      });
      const [created] = await tx
        .insert(pairings)
        .values({
          name,
          month,
          scopeKey: key,
          domainGroupId: scope.kind === "group" ? scope.group.id : null,
          domainGroupName: groupName,
          runOfMonth: next,
          status: "active",
          totalPairs: result.groups.length,
          oddPolicy: settings.oddPolicy,
          seed,
          stats,
          satOut,
          createdBy: admin.id,
          createdAt: now,
        })
        .returning();
      const placed = { pairingId: created.id, month, matchDate: now, status: "active" } as const;
      await insertPairingGroups(tx, placed, result.groups);
      await recordActivity(
        ctx,
        {
          kind: "pairing.generated",
          detail: peopleLine`${namedPerson(admin)} generated "${created.name}": ${matchCountText(created.totalPairs)}.`,
          scopeKey: key,
          month,
          pairingId: created.id,
          data: { by: admin.id },
        },
        tx,
      );
      // The caller's part of the same transaction: the month's round (docs/rounds.md, "A start
      // on any day"), written under the scope and month's lock.
      await options.whenMade?.(tx, { scopeKey: key, month, pairingId: created.id, at: now });
      return created;
    });
    return {
      totalMatches: pairing.totalPairs,
      pairingId: pairing.id,
      name: pairing.name,
      month,
      unmatched: result.unmatched.length,
      satOut: await presentSatOut(ctx.db, satOut),
      runOfMonth: pairing.runOfMonth,
      message: `Generated ${pairing.totalPairs} pairings for ${label}`,
    };
  } catch (error) {
    if (isUniqueViolation(error)) await refuseIfTaken(ctx.db);
    throw error;
  }
}

/**
 * The engine ran outside the transaction: inside it, with the month's running pairings held
 * FOR SHARE (a re-pair of them, which takes FOR UPDATE, waits or has finished), nobody chosen may
 * have been placed in another running match of the month meanwhile (docs/rounds.md, "Invariants
 * of a round").
 */
async function refuseIfPairedMeanwhile(tx: Tx, month: string, formed: string[][]) {
  const busy = await holdRunningPairingsOfMonth(tx, month);
  if (formed.some((match) => match.some((id) => busy.has(id)))) {
    throw new Conflict(
      "Someone in this pairing was just placed in another running pairing of the month. Please generate again.",
      "changed",
    );
  }
}

/**
 * Nobody who has left is placed in a match made after they left (docs/rounds.md, "Invariants of
 * a round"): the engine read who was ready outside the transaction, so inside it the chosen
 * people's rows and whitelist entries are locked (pairing-locks.ts) and read again. Someone
 * deactivated, erased, removed from the whitelist, paused or opted out meanwhile refuses the
 * pairing; the admin generates again without them.
 */
async function refuseIfGoneMeanwhile(tx: Tx, formed: string[][], today: string) {
  const chosen = formed.flat();
  await lockChosenPeople(tx, chosen);
  const gone = await awayReasonsOf(tx, chosen, today);
  if (gone.size > 0) {
    throw new Conflict(
      "Someone in this pairing stopped taking part while it was being made. Please generate again.",
      "changed",
    );
  }
}

/** The pairings of one scope and month, first round first. */
function roundsOfMonth(db: Pick<Db, "select">, key: string, month: string) {
  return db
    .select({ status: pairings.status, runOfMonth: pairings.runOfMonth })
    .from(pairings)
    .where(and(eq(pairings.scopeKey, key), eq(pairings.month, month)))
    .orderBy(asc(pairings.runOfMonth));
}
