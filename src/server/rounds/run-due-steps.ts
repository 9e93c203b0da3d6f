import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { RoundStepRow } from "../db/schema";
import { HttpError } from "../errors";
import { runCheckInStep } from "./check-in-step";
import { runDraftStep } from "./draft-step";
import { runPublishStep } from "./publish-step";
import { currentRound, roundDates } from "./round-dates";
import {
  dateRule,
  ensureRoundSettings,
  findRoundScope,
  listRoundScopes,
  loadDateContext,
  type RoundScope,
} from "./round-settings";
import { callOffUnplanned, planRound, type StepOutcome, settleStep } from "./step-ledger";

export interface StepRun {
  id: number;
  scopeKey: string;
  month: string;
  kind: RoundStepRow["kind"];
  state: StepOutcome["state"];
}

/** Tries before a step that keeps throwing is marked failed for the admin. */
const MAX_ATTEMPTS = 3;

/**
 * Runs one claimed step and settles it, only while `owner` still holds it (the job
 * `jobs/definitions/round-steps.ts` claims the steps under a lease and renews it meanwhile, so
 * whatever the number of processes, each step runs once; docs/rounds.md). "Now" is ctx.clock's.
 */
export async function runClaimedStep(
  ctx: AppContext,
  step: RoundStepRow,
  owner: string,
  log: (line: string) => void,
): Promise<StepRun> {
  const outcome = await runOne(ctx, step, log);
  const settled = await settleStep(ctx.db, step, owner, outcome, ctx.clock.now());
  if (!settled) log(`Rounds: step ${step.id} was taken over by another process meanwhile.`);
  return { ...step, state: outcome.state };
}

/** Writes down every scope's round whose review window has opened (step-ledger.ts planRound). */
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
    const rule = dateRule(own, companySchedule, timeZone);
    const round = currentRound(now, rule);
    // A round whose window opened before automatic rounds began for the scope is the admin's.
    if (!round || (own.autoSince && round.draftAt < own.autoSince)) continue;
    const since = own.autoSince ?? null;
    await callOffUnplanned(ctx, scope, round, (month) => roundDates(month, rule), since);
    await planRound(ctx, scope, round);
  }
}

async function runOne(
  ctx: AppContext,
  step: RoundStepRow,
  log: (line: string) => void,
): Promise<StepOutcome> {
  let scope: RoundScope;
  try {
    scope = await findRoundScope(ctx.db, step.scopeKey);
  } catch {
    return { state: "skipped", note: "The group no longer exists or is inactive." };
  }
  try {
    if (step.kind === "draft") return await runDraftStep(ctx, step, scope);
    if (step.kind === "publish") return await runPublishStep(ctx, step, scope);
    return await runCheckInStep(ctx, step, scope);
  } catch (error) {
    const message = error instanceof HttpError ? error.message : (error as Error).message;
    log(`Rounds: the ${step.kind} step of ${step.month} for ${scope.label} failed: ${message}`);
    if (step.attempts < MAX_ATTEMPTS) return { state: "pending", note: message };
    await recordActivity(ctx, {
      scopeKey: scope.key,
      month: step.month,
      kind: "round.failed",
      detail: `The ${step.kind} step of the ${monthDisplay(step.month)} round for ${scope.label} failed ${MAX_ATTEMPTS} times: ${message}`,
    });
    return { state: "failed", note: message };
  }
}
