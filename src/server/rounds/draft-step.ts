import { and, eq } from "drizzle-orm";
import { recordActivity } from "../activity/activity";
import { askQuietPeople } from "../check-ins/ask-quiet-people";
import type { AppContext } from "../context";
import { type RoundDraftRow, type RoundStepRow, roundDrafts, roundSteps } from "../db/schema";
import { HttpError } from "../errors";
import { composeDraft } from "./compose-draft";
import { notifyAdminsOfDraft } from "./notify-admins";
import { roundOfStep } from "./round-of-step";
import { pairingOfRound } from "./round-pairing";
import { getTimeZone, type RoundScope } from "./round-settings";
import { publishDueAt, type StepOutcome } from "./step-ledger";

/**
 * The review window opens: the engine makes the round's pairing as a draft only admins see, and
 * the admins are told; quiet people are asked first (docs/check-ins.md). A pairing already made
 * for the month counts as the round; a draft already there (a process died after making it) is
 * kept, and its admins are told unless the step records that they were.
 */
export async function runDraftStep(
  ctx: AppContext,
  step: RoundStepRow,
  scope: RoundScope,
): Promise<StepOutcome> {
  const { label, base } = roundOfStep(step, scope);
  const existing = await pairingOfRound(ctx.db, scope, step.month);
  if (existing) {
    await recordActivity(ctx, {
      ...base,
      kind: "round.counted",
      pairingId: existing.id,
      detail: `No draft for ${label}: the pairing already made for the month counts as the round.`,
    });
    return {
      state: "done",
      pairingId: existing.id,
      note: "A pairing made for the month counts as this round.",
    };
  }
  const [kept] = await ctx.db
    .select()
    .from(roundDrafts)
    .where(and(eq(roundDrafts.scopeKey, scope.key), eq(roundDrafts.month, step.month)));
  if (kept && step.adminsToldAt) return { state: "done" };
  const made = kept ? { draft: kept } : await makeDraft(ctx, step, scope);
  if ("outcome" in made) return made.outcome;
  const { draft } = made;
  const publishAt = (await publishDueAt(ctx.db, scope.key, step.month)) ?? step.dueAt;
  const timeZone = await getTimeZone(ctx.db);
  // The notice is queued with the record that the admins were told, in one transaction: a run
  // that died before it tells them again, one that died after does not.
  const told = await ctx.db.transaction(async (tx) => {
    const queued = await notifyAdminsOfDraft(ctx, tx, scope, draft, { at: publishAt, timeZone });
    await tx
      .update(roundSteps)
      .set({ adminsToldAt: ctx.clock.now() })
      .where(eq(roundSteps.id, step.id));
    return queued;
  });
  if (told > 0) {
    await recordActivity(ctx, {
      ...base,
      kind: "round.admins-told",
      detail: `Told ${told} admin${told === 1 ? "" : "s"} by e-mail that ${label} is ready for review.`,
    });
  }
  return { state: "done" };
}

/** Asks quiet people first (docs/check-ins.md), then composes and stores the draft. */
async function makeDraft(
  ctx: AppContext,
  step: RoundStepRow,
  scope: RoundScope,
): Promise<{ draft: RoundDraftRow } | { outcome: StepOutcome }> {
  const { label, base } = roundOfStep(step, scope);
  await askQuietPeople(ctx, { scopeKey: scope.key });
  let draft: RoundDraftRow;
  try {
    draft = await composeDraft(ctx, scope, step.month);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await recordActivity(ctx, {
      ...base,
      kind: "round.not-drafted",
      detail: `No draft for ${label}: ${error.message}`,
    });
    return { outcome: { state: "skipped", note: error.message } };
  }
  await recordActivity(ctx, {
    ...base,
    kind: "round.drafted",
    detail: `Drafted ${label}: ${draft.matches.length} matches, ${draft.unmatched.length} without a partner. Only admins see it until it is published.`,
    data: { matches: draft.matches.length, unmatched: draft.unmatched.length },
  });
  return { draft };
}
