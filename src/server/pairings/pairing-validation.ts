import type { PairingValidationResponse } from "../../shared/pairings";
import type { AppContext } from "../context";
import { countStatuses, eligibilityOf } from "./eligibility";
import { getPairingSettings } from "./pairing-settings";
import { dayOf, reactivateEndedPauses, resolveScope } from "./scope";

export async function getPairingValidation(
  ctx: AppContext,
  domainGroupId?: number,
): Promise<PairingValidationResponse> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const today = dayOf(ctx.clock.now());
  await reactivateEndedPauses(ctx.db, today);
  const [statusCounts, settings] = await Promise.all([
    countStatuses(ctx.db, scope, today),
    getPairingSettings(ctx.db),
  ]);
  return { statusCounts, eligibility: eligibilityOf(statusCounts, settings.minimumUsers) };
}
