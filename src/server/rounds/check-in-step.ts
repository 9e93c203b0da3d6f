import { and, eq } from "drizzle-orm";
import { recordActivity } from "../activity/activity";
import { askCheckIns } from "../check-ins/ask-check-ins";
import { remindCheckIns } from "../check-ins/remind-check-ins";
import type { AppContext } from "../context";
import { pairings, type RoundStepRow, roundSteps } from "../db/schema";
import { roundOfStep } from "./round-of-step";
import type { RoundScope } from "./round-settings";
import type { StepOutcome } from "./step-ledger";

/**
 * The check-in (and, a week later, its one reminder) of the round's published pairing: the
 * asking itself is docs/check-ins.md's, which claims each person before writing, so a run taken
 * over after a crash asks nobody twice. A pairing already completed asks nobody.
 */
export async function runCheckInStep(
  ctx: AppContext,
  step: RoundStepRow,
  scope: RoundScope,
  log: (line: string) => void,
): Promise<StepOutcome> {
  const { label, base } = roundOfStep(step, scope);
  const pairingId = await publishedPairing(ctx, scope.key, step.month);
  if (pairingId === null) {
    return { state: "skipped", note: "No running pairing to check in on." };
  }
  const errors = { error: (_obj: unknown, message: string) => log(`Rounds: ${message}`) };
  const ask = step.kind === "reminder" ? remindCheckIns : askCheckIns;
  const run = await ask(ctx, { pairingId, log: errors });
  const what = step.kind === "reminder" ? "Reminded" : "Asked";
  await recordActivity(ctx, {
    ...base,
    pairingId,
    kind: step.kind === "reminder" ? "round.reminded" : "round.checked-in",
    detail: `${what} ${run.sent} ${run.sent === 1 ? "person" : "people"} in ${label} whether they met${run.failed > 0 ? ` (${run.failed} e-mails failed)` : ""}.`,
    data: { sent: run.sent, failed: run.failed },
  });
  return { state: "done", pairingId };
}

/** The active pairing the round's publish step stood for, if it still runs. */
async function publishedPairing(
  ctx: AppContext,
  scopeKey: string,
  month: string,
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: pairings.id })
    .from(roundSteps)
    .innerJoin(pairings, eq(pairings.id, roundSteps.pairingId))
    .where(
      and(
        eq(roundSteps.scopeKey, scopeKey),
        eq(roundSteps.month, month),
        eq(roundSteps.kind, "publish"),
        eq(pairings.status, "active"),
      ),
    );
  return row?.id ?? null;
}
