import type { PairingValidationResponse } from "../../shared/pairings";
import type { AppContext } from "../context";
import { countStatuses, eligibilityOf } from "./eligibility";
import { getPairingSettings } from "./pairing-settings";
import { dayOf, resolveScope } from "./scope";

/** Read-only (a GET): ended pauses count as active here and are written back at generation. */
export async function getPairingValidation(
  ctx: AppContext,
  domainGroupId?: number,
): Promise<PairingValidationResponse> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const today = dayOf(ctx.clock.now());
  const [statusCounts, settings] = await Promise.all([
    countStatuses(ctx.db, scope, today),
    getPairingSettings(ctx.db),
  ]);
  return { statusCounts, eligibility: eligibilityOf(statusCounts, settings.minimumUsers) };
}
