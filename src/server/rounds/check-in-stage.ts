import { and, eq } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import { runCheckInReminder } from "../check-ins/run-check-in-reminder";
import { runCheckInStage } from "../check-ins/run-check-in-stage";
import type { AppContext } from "../context";
import { pairings, type RoundStageRow, roundStages } from "../db/schema";
import type { RoundScope } from "./round-settings";
import type { StageOutcome } from "./stage-ledger";

/**
 * The check-in (and, a week later, its one reminder) of the round's published pairing: the
 * asking itself is docs/check-ins.md's, which claims each person before writing, so a run taken
 * over after a crash asks nobody twice. A pairing already completed asks nobody.
 */
export async function runCheckInStep(
  ctx: AppContext,
  stage: RoundStageRow,
  scope: RoundScope,
  log: (line: string) => void,
): Promise<StageOutcome> {
  const label = `the ${monthDisplay(stage.month)} round for ${scope.label}`;
  const pairingId = await publishedPairing(ctx, scope.key, stage.month);
  if (pairingId === null) {
    return { state: "skipped", note: "No running pairing to check in on." };
  }
  const errors = { error: (_obj: unknown, message: string) => log(`Rounds: ${message}`) };
  const step = stage.stage === "reminder" ? runCheckInReminder : runCheckInStage;
  const run = await step(ctx, { pairingId, log: errors });
  const what = stage.stage === "reminder" ? "Reminded" : "Asked";
  await recordActivity(ctx, {
    scopeKey: scope.key,
    month: stage.month,
    pairingId,
    kind: stage.stage === "reminder" ? "round.reminded" : "round.checked-in",
    detail: `${what} ${run.sent} ${run.sent === 1 ? "person" : "people"} in ${label} whether they met${run.failed > 0 ? ` (${run.failed} e-mails failed)` : ""}.`,
    data: { sent: run.sent, failed: run.failed },
  });
  return { state: "done", pairingId };
}

/** The active pairing the round's publish stage stood for, if it still runs. */
async function publishedPairing(
  ctx: AppContext,
  scopeKey: string,
  month: string,
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: pairings.id })
    .from(roundStages)
    .innerJoin(pairings, eq(pairings.id, roundStages.pairingId))
    .where(
      and(
        eq(roundStages.scopeKey, scopeKey),
        eq(roundStages.month, month),
        eq(roundStages.stage, "publish"),
        eq(pairings.status, "active"),
      ),
    );
  return row?.id ?? null;
}
