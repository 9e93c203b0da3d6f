import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { RoundStageRow } from "../db/schema";
import { HttpError } from "../errors";
import { runCheckInStep } from "./check-in-stage";
import { runDraftStage } from "./draft-stage";
import { runPublishStage } from "./publish-stage";
import { currentRound } from "./round-dates";
import {
  dateRule,
  ensureRoundSettings,
  findRoundScope,
  listRoundScopes,
  loadDateContext,
  type RoundScope,
} from "./round-settings";
import { planRound, type StageOutcome, settleStage } from "./stage-ledger";

export interface StageRun {
  id: number;
  scopeKey: string;
  month: string;
  stage: RoundStageRow["stage"];
  state: StageOutcome["state"];
}

/** Tries before a stage that keeps throwing is marked failed for the admin. */
const MAX_ATTEMPTS = 3;

/**
 * Runs one claimed stage and settles it, only while `owner` still holds it (the job
 * `jobs/definitions/round-steps.ts` claims the stages under a lease and renews it meanwhile, so
 * whatever the number of processes, each stage runs once; docs/rounds.md). "Now" is ctx.clock's.
 */
export async function runClaimedStage(
  ctx: AppContext,
  stage: RoundStageRow,
  owner: string,
  log: (line: string) => void,
): Promise<StageRun> {
  const outcome = await runOne(ctx, stage, log);
  const settled = await settleStage(ctx.db, stage, owner, outcome, ctx.clock.now());
  if (!settled) log(`Rounds: stage ${stage.id} was taken over by another process meanwhile.`);
  return { ...stage, state: outcome.state };
}

/** Writes down every scope's round whose review window has opened (stage-ledger.ts planRound). */
export async function planDueRounds(ctx: AppContext) {
  const now = ctx.clock.now();
  const scopes = await listRoundScopes(ctx.db);
  const settings = await ensureRoundSettings(
    ctx.db,
    scopes.map((s) => s.key),
    now,
  );
  const { companySchedule, timeZone } = await loadDateContext(ctx);
  for (const scope of scopes) {
    const own = settings.get(scope.key);
    if (!own?.auto) continue;
    const round = currentRound(now, dateRule(own, companySchedule, timeZone));
    // A round whose window opened before automatic rounds began for the scope is the admin's.
    if (!round || (own.autoSince && round.draftAt < own.autoSince)) continue;
    await planRound(ctx, scope, round);
  }
}

async function runOne(
  ctx: AppContext,
  stage: RoundStageRow,
  log: (line: string) => void,
): Promise<StageOutcome> {
  let scope: RoundScope;
  try {
    scope = await findRoundScope(ctx.db, stage.scopeKey);
  } catch {
    return { state: "skipped", note: "The group no longer exists or is inactive." };
  }
  try {
    if (stage.stage === "draft") return await runDraftStage(ctx, stage, scope, log);
    if (stage.stage === "publish") return await runPublishStage(ctx, stage, scope, log);
    return await runCheckInStep(ctx, stage, scope, log);
  } catch (error) {
    const message = error instanceof HttpError ? error.message : (error as Error).message;
    log(`Rounds: the ${stage.stage} stage of ${stage.month} for ${scope.label} failed: ${message}`);
    if (stage.attempts < MAX_ATTEMPTS) return { state: "pending", note: message };
    await recordActivity(ctx, {
      scopeKey: scope.key,
      month: stage.month,
      kind: "round.failed",
      detail: `The ${stage.stage} step of the ${monthDisplay(stage.month)} round for ${scope.label} failed ${MAX_ATTEMPTS} times: ${message}`,
    });
    return { state: "failed", note: message };
  }
}
