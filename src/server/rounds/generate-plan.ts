import type { GeneratePlan } from "../../shared/generate-plan";
import type { AppContext } from "../context";
import { utcMonthOf } from "../dates/month-dates";
import { resolveScope, scopeKey } from "../pairings/scope/scope";
import { windowsOfScope } from "./hand-made-round";
import { getTimeZone } from "./round-settings";

/**
 * What a Generate now would start for the scope (docs/rounds.md, "A start on any day"): the
 * month's windows counted from today, as writeHandMadeRound will write them. Reads only.
 */
export async function getGeneratePlan(
  ctx: AppContext,
  domainGroupId: number | undefined,
): Promise<GeneratePlan> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const now = ctx.clock.now();
  const month = utcMonthOf(now);
  const { windows, auto } = await windowsOfScope(ctx.db, scopeKey(scope), month, now);
  return {
    month,
    timeZone: await getTimeZone(ctx.db),
    pairingDay: windows.pairingDay,
    late: windows.late,
    awayUntil: windows.away.lastDay,
    checkInAt: windows.checkInAt?.toISOString() ?? null,
    nextPairingDay: windows.nextPairingDay,
    completeAt: windows.completeAt.toISOString(),
    auto,
  };
}
