import { randomInt } from "node:crypto";
import type { PairingValidationResponse } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { BadRequest } from "../../errors";
import { runMatching } from "../../matching/engine";
import { satOutReasons } from "../../matching/sat-out-reason";
import { listEligibleUsers } from "../scope/eligibility";
import { noSharedHoursByPlace, placeOf } from "../scope/no-shared-hours";
import { peopleInRunningMatches } from "../scope/running-members";
import { type PairingScope, reactivateEndedPauses } from "../scope/scope";
import { buildResolvedInstance, loadInstanceSchedules } from "./build-instance";
import { pairsKeptApart } from "./kept-apart";
import { getPairingSettings } from "./pairing-settings";

/**
 * Runs the pairing engine over the people of one scope who are ready today and in no running
 * match of the month (docs/pairings.md "Generating"), for a generation by hand and for a round's
 * draft alike: one path, so both give the same result for the same people. `satOut` gives each
 * person left out the reason (docs/pairings.md, "Who sat out and why"). Fewer ready people than
 * the minimum, or no possible pair, is a BadRequest naming why.
 */
export async function matchScope(
  ctx: AppContext,
  scope: PairingScope,
  { month, scopeKey, label }: { month: string; scopeKey: string; label: string },
) {
  const today = utcDayOf(ctx.clock.now());
  await reactivateEndedPauses(ctx.db, today);
  const seed = randomInt(0, 2 ** 31 - 1);
  const { settings, eligible, instance, result } = await searchScope(ctx, scope, {
    month,
    scopeKey,
    seed,
  });
  if (eligible.length < settings.minimumUsers) {
    throw new BadRequest(
      `Not enough people are ready to pair for ${label}: ${eligible.length} ready, at least ${settings.minimumUsers} needed.`,
      "not_enough_users",
    );
  }
  if (!result || result.groups.length === 0) {
    throw new BadRequest(
      `No pairs could be made for ${label}: preferences, recent matches and shared working hours rule out every pair.`,
      "no_pairs",
    );
  }
  const stats = {
    ...result.stats,
    eligible: eligible.length,
    repeatWindowMonths: settings.repeatWindowMonths,
  };
  const satOut = satOutReasons(instance, result.unmatched);
  return { settings, seed, result, stats, satOut };
}

/**
 * What a generation now would do for the scope, from the same search (the engine's dry run):
 * how many are ready, how many matches it makes and how many sit out. Reads only; no result when
 * fewer than the minimum are ready.
 */
export async function forecastScope(
  ctx: AppContext,
  scope: PairingScope,
  where: { month: string; scopeKey: string },
): Promise<PairingValidationResponse["forecast"]> {
  const { eligible, alreadyMatched, instance, result, schedules } = await searchScope(ctx, scope, {
    ...where,
    seed: 0,
  });
  const keptApart = instance ? pairsKeptApart(instance) : 0;
  const base = { ready: eligible.length, alreadyMatched, keptApart };
  if (!result || !instance) {
    return { ...base, matches: 0, sitOut: eligible.length, noSharedHours: [] };
  }
  // Who the same search leaves out for want of shared working time, by the reasons generate gives.
  const byId = new Map(eligible.map((u) => [u.id, u]));
  const noSharedHours = noSharedHoursByPlace(satOutReasons(instance, result.unmatched), (id) => {
    const person = byId.get(id);
    return person && placeOf(person, schedules.companyTimeZone);
  });
  return {
    ...base,
    matches: result.groups.length,
    sitOut: result.unmatched.length,
    noSharedHours,
  };
}

/** The people ready today and in no running match, and the engine's search over them. */
async function searchScope(
  ctx: AppContext,
  scope: PairingScope,
  { month, scopeKey, seed }: { month: string; scopeKey: string; seed: number },
) {
  const today = utcDayOf(ctx.clock.now());
  const settings = await getPairingSettings(ctx.db);
  const busy = await peopleInRunningMatches(ctx.db, month);
  const ready = await listEligibleUsers(ctx.db, scope, today);
  const eligible = ready.filter((u) => !busy.has(u.id));
  const alreadyMatched = ready.length - eligible.length;
  if (eligible.length < settings.minimumUsers) {
    return { settings, eligible, alreadyMatched, instance: null, result: null } as const;
  }
  const schedules = await loadInstanceSchedules(ctx, today);
  const { instance, ids } = await buildResolvedInstance(ctx.db, eligible, {
    month,
    scopeKey,
    repeatWindowMonths: settings.repeatWindowMonths,
    oddPolicy: settings.oddPolicy,
    seed,
    schedules,
  });
  const result = runMatching(instance, {}, ids);
  return { settings, eligible, alreadyMatched, instance, result, schedules };
}
