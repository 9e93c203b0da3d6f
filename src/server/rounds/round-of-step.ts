import { monthDisplay } from "../../shared/pairings";
import type { RoundStepRow } from "../db/schema";
import type { RoundScope } from "./round-settings";

/**
 * How a round step's activity lines name its round ("the March 2026 round for Sales"), and the
 * scope and month each of those lines carries (docs/rounds.md).
 */
export function roundOfStep(
  step: Pick<RoundStepRow, "month">,
  scope: Pick<RoundScope, "key" | "label">,
) {
  return {
    label: `the ${monthDisplay(step.month)} round for ${scope.label}`,
    base: { scopeKey: scope.key, month: step.month },
  };
}
