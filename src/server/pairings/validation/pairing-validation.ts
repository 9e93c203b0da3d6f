import type { ExcludedListResponse, ExclusionReason } from "../../../shared/exclusions";
import type { PairingValidationResponse } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { utcDayOf, utcMonthOf } from "../../dates/month-dates";
import { forecastScope } from "../generate/match-scope";
import { getPairingSettings } from "../generate/pairing-settings";
import { eligibilityOf } from "../scope/eligibility";
import { countByReason, listExcluded } from "../scope/exclusions";
import { resolveScope, scopeKey } from "../scope/scope";

/** Read-only (a GET): ended pauses count as active here and are written back at generation. */
export async function getPairingValidation(
  ctx: AppContext,
  domainGroupId?: number,
): Promise<PairingValidationResponse> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const now = ctx.clock.now();
  const today = utcDayOf(now);
  const [{ statusCounts, excluded }, settings] = await Promise.all([
    countByReason(ctx.db, scope, today),
    getPairingSettings(ctx.db),
  ]);
  const forecast = await forecastScope(ctx, scope, {
    month: utcMonthOf(now),
    scopeKey: scopeKey(scope),
  });
  return {
    statusCounts,
    eligibility: eligibilityOf(statusCounts, settings.minimumUsers),
    excluded,
    oddPolicy: settings.oddPolicy,
    forecast,
  };
}

/** The people behind one of the validation's exclusion counts. */
export async function getExcludedPeople(
  ctx: AppContext,
  reason: ExclusionReason,
  domainGroupId?: number,
): Promise<ExcludedListResponse> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  return listExcluded(ctx.db, scope, utcDayOf(ctx.clock.now()), reason);
}
