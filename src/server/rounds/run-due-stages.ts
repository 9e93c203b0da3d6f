import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
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
import {
  claimDueStage,
  planRound,
  renewLease,
  type StageOutcome,
  settleStage,
} from "./stage-ledger";

export interface RunDueOptions {
  /** Who holds the claims (a process id); default: a new one per call. */
  owner?: string;
  /** How long a claimed stage stays this owner's before another process may take it. */
  leaseMs?: number;
  log?: (line: string) => void;
}

export interface StageRun {
  id: number;
  scopeKey: string;
  month: string;
  stage: RoundStageRow["stage"];
  state: StageOutcome["state"];
}

/** Tries before a stage that keeps throwing is marked failed for the admin. */
const MAX_ATTEMPTS = 3;

export const newOwnerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/**
 * Plans every scope's round whose review window has opened, then runs each due stage, earliest
 * first, each claimed under a lease so that whatever the number of processes calling this at
 * once, each stage runs once (docs/rounds.md). What fell due while nothing ran runs now. "Now" is
 * ctx.clock's. Returns the stages this call ran.
 */
export async function runDueStages(
  ctx: AppContext,
  options: RunDueOptions = {},
): Promise<StageRun[]> {
  const owner = options.owner ?? newOwnerId();
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const log = options.log ?? (() => {});
  await planDueRounds(ctx);
  const ran: StageRun[] = [];
  for (;;) {
    const stage = await claimDueStage(ctx.db, { owner, leaseMs, now: ctx.clock.now() });
    if (!stage) return ran;
    const heartbeat = keepLease(ctx, stage, owner, leaseMs, log);
    let outcome: StageOutcome;
    try {
      outcome = await runOne(ctx, stage, log);
    } finally {
      await heartbeat.stop();
    }
    const settled = await settleStage(ctx.db, stage, owner, outcome, ctx.clock.now());
    if (!settled) log(`Rounds: stage ${stage.id} was taken over by another process meanwhile.`);
    ran.push({ ...stage, state: outcome.state });
  }
}

/**
 * Renews the stage's lease every third of it while its work runs (a big company, a slow mail
 * server), so no other process takes over a stage that is still running (docs/rounds.md).
 */
function keepLease(
  ctx: AppContext,
  stage: RoundStageRow,
  owner: string,
  leaseMs: number,
  log: (line: string) => void,
) {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewLease(ctx.db, stage, owner, leaseMs).catch((error: Error) =>
        log(`Rounds: the lease of stage ${stage.id} could not be renewed: ${error.message}`),
      );
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
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
