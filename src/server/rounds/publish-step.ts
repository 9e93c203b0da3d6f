import { and, asc, eq, lt, sql } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { pairings, type RoundStepRow, roundDrafts, roundSteps } from "../db/schema";
import { insertPairingGroups } from "../match-members/match-members";
import { announceInChannels } from "../newsletters/send/announce-in-channels";
import { lockScopeMonth } from "../pairings/locks/pairing-locks";
import { completePairing } from "../pairings/records/complete-pairing";
import { newPairingName } from "../pairings/records/pairing-name";
import { announceRound } from "./announce-round";
import { lockDraft } from "./draft-locks";
import { notHeldAfterCompletion, scheduleCheckIns, windowsOfScope } from "./hand-made-round";
import { recheckDraftMatches, recordRecheck } from "./publish-recheck";
import { roundOfStep } from "./round-of-step";
import { pairingOfRound } from "./round-pairing";
import type { RoundScope } from "./round-settings";
import type { StepOutcome } from "./step-ledger";

/**
 * The pairing day: the draft becomes the month's active pairing, the scope's earlier active
 * pairings are completed, and members are told. Each step checks what exists first, so a run
 * taken over after a crash repeats nothing: the pairing is found rather than made again, only
 * active pairings are completed, and the announcement is claimed on the step row (announced_at)
 * in the transaction that queues its deliveries in the ledger (announce-round.ts). A pairing made by hand for the month counts as the round and is not
 * announced here: the admin announces it (docs/rounds.md).
 */
export async function runPublishStep(
  ctx: AppContext,
  step: RoundStepRow,
  scope: RoundScope,
): Promise<StepOutcome> {
  const { label, base } = roundOfStep(step, scope);
  const published = await ctx.db.transaction((tx) => publishDraft(ctx, tx, scope, step.month));
  if (!published) {
    const note = "Nothing to publish: the month was skipped or no draft could be made.";
    await recordActivity(ctx, {
      ...base,
      kind: "round.not-published",
      detail: `Nothing to publish for ${label}: the month was skipped or no draft could be made.`,
    });
    return { state: "skipped", note };
  }
  await completeEarlier(ctx, scope, step.month);
  if (!published.scheduled) {
    await recordActivity(ctx, {
      ...base,
      kind: "round.counted",
      pairingId: published.id,
      detail: `The pairing made by hand counts as ${label}; it is not announced again.`,
    });
    return { state: "done", pairingId: published.id, note: "Made by hand; not announced again." };
  }
  await askAfterPublish(ctx, scope, step);
  if (published.created) {
    await recordActivity(ctx, {
      ...base,
      kind: "round.published",
      pairingId: published.id,
      detail: `Published ${label}: ${published.totalPairs} matches; members now see their match.`,
    });
  }
  const round = { pairingId: published.id, scope, month: step.month };
  const told = await announceRound(ctx, round, (tx) => claimAnnouncement(ctx, tx, step));
  // Slack intros and webhook events, each queued once by its own key (docs/chat.md).
  await announceInChannels(ctx, published.id);
  if (told) {
    await recordActivity(ctx, {
      ...base,
      kind: "round.announced",
      pairingId: published.id,
      detail: `Told the members of ${label}: ${told.summary}`,
      data: told.data,
    });
  }
  return { state: "done", pairingId: published.id };
}

type Published = { id: number; scheduled: boolean; created: boolean; totalPairs: number };

/** Under the same lock as a generation, so a hand-made pairing and the round never both appear. */
async function publishDraft(
  ctx: AppContext,
  tx: Tx,
  scope: RoundScope,
  month: string,
): Promise<Published | null> {
  await lockScopeMonth(tx, scope.key, month);
  const existing = await pairingOfRound(tx, scope, month);
  const draft = await lockDraft(tx, scope.key, month);
  if (existing) {
    if (draft) await tx.delete(roundDrafts).where(eq(roundDrafts.id, draft.id));
    return { id: existing.id, scheduled: existing.scheduled, created: false, totalPairs: 0 };
  }
  if (!draft) return null;
  const now = ctx.clock.now();
  const checked = await recheckDraftMatches(ctx, tx, month, draft.matches);
  const domainGroupName = scope.domainGroupId === null ? null : scope.label;
  const [created] = await tx
    .insert(pairings)
    .values({
      name: await newPairingName(tx, { month, runOfMonth: 1, domainGroupName }),
      month,
      scopeKey: scope.key,
      domainGroupId: scope.domainGroupId,
      domainGroupName,
      runOfMonth: 1,
      status: "active",
      totalPairs: checked.matches.length,
      oddPolicy: draft.oddPolicy,
      seed: draft.seed,
      stats: { ...(draft.stats as object), round: { scheduled: true } },
      // Who sat out of the draft as it stands, with the engine's reason (an edit may have moved them).
      satOut: draft.satOut.filter((e) => draft.unmatched.includes(e.userId)),
      createdBy: null,
      createdAt: now,
    })
    .returning();
  const placed = { pairingId: created.id, month, matchDate: now, status: "active" } as const;
  await insertPairingGroups(tx, placed, checked.matches);
  await recordRecheck(ctx, tx, created, checked);
  await tx.delete(roundDrafts).where(eq(roundDrafts.id, draft.id));
  return { id: created.id, scheduled: true, created: true, totalPairs: created.totalPairs };
}

/** The scope's active pairings of earlier months end when the new one is published. */
async function completeEarlier(ctx: AppContext, scope: RoundScope, month: string) {
  const earlier = await ctx.db
    .select({ id: pairings.id, name: pairings.name, month: pairings.month })
    .from(pairings)
    .where(
      and(
        eq(pairings.scopeKey, scope.key),
        eq(pairings.status, "active"),
        lt(pairings.month, month),
      ),
    )
    .orderBy(asc(pairings.id));
  for (const pairing of earlier) {
    try {
      const done = await completePairing(ctx, pairing.id, {
        whenCompleted: notHeldAfterCompletion,
      });
      await recordActivity(ctx, {
        scopeKey: scope.key,
        month: pairing.month,
        pairingId: pairing.id,
        kind: "round.completed",
        detail: `Completed "${pairing.name}" as the ${monthDisplay(month)} round was published (${done.completed[0]?.fileName}).`,
      });
    } catch (error) {
      // Completed meanwhile by an admin or another process: nothing left to do.
      if ((error as { code?: string }).code !== "already_completed") throw error;
    }
  }
}

/**
 * The round's check-in and reminder count from now (shared/round-windows.ts): a publish that ran late
 * (the app was down on the pairing day) never has its "Did you meet?" go out with the
 * announcement, and a step the round's completion would come before is not held.
 */
async function askAfterPublish(ctx: AppContext, scope: RoundScope, step: RoundStepRow) {
  const { windows } = await windowsOfScope(ctx.db, scope.key, step.month, ctx.clock.now());
  await scheduleCheckIns(ctx.db, scope.key, step.month, windows);
}

async function claimAnnouncement(ctx: AppContext, tx: Tx, step: RoundStepRow): Promise<boolean> {
  const rows = await tx
    .update(roundSteps)
    .set({ announcedAt: ctx.clock.now() })
    .where(and(eq(roundSteps.id, step.id), sql`${roundSteps.announcedAt} is null`))
    .returning({ id: roundSteps.id });
  return rows.length > 0;
}
