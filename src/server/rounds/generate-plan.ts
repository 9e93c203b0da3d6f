import type { GeneratePlan } from "../../shared/generate-plan";
import { generatePlanAt } from "../../shared/round-windows";
import type { AppContext } from "../context";
import { resolveScope, scopeKey } from "../pairings/scope/scope";
import { ruleOfScope } from "./hand-made-round";

/**
 * What a Generate now would start for the scope (docs/rounds.md, "A start on any day"): the
 * month's windows counted from today, as writeHandMadeRound will write them. Reads only.
 */
export async function getGeneratePlan(
  ctx: AppContext,
  domainGroupId: number | undefined,
): Promise<GeneratePlan> {
  const scope = await resolveScope(ctx.db, domainGroupId);
  const { rule, auto } = await ruleOfScope(ctx.db, scopeKey(scope));
  return generatePlanAt(ctx.clock.now(), rule, auto);
}
