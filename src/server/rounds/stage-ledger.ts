import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { RoundStageKind } from "../../shared/enums";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { type RoundStageRow, roundDrafts, roundStages } from "../db/schema";
import type { RoundDates } from "./round-dates";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Writes down a scope's round (its four stages) once its review window has opened; any number of
 * processes may plan the same round at once. An older round whose publish was missed (it fell due
 * before this round's window opened, or this round's publish is due too) is called off, with an
 * activity line: after downtime only the latest round runs, not every missed one (an older
 * check-in or reminder still runs; it skips itself when its pairing is over). An older round whose
 * publish falls inside this round's window (a long review window before a late pairing day) keeps
 * its draft and publishes on its day.
 */
export async function planRound(
  ctx: Pick<AppContext, "db" | "clock">,
  scope: { key: string; label: string },
  dates: RoundDates,
): Promise<void> {
  const db = ctx.db;
  const stages: Array<[RoundStageKind, Date]> = [
    ["draft", dates.draftAt],
    ["publish", dates.publishAt],
    ["check-in", dates.checkInAt],
    ["reminder", dates.reminderAt],
  ];
  await db
    .insert(roundStages)
    .values(
      stages.map(([stage, dueAt]) => ({ scopeKey: scope.key, month: dates.month, stage, dueAt })),
    )
    .onConflictDoNothing({ target: [roundStages.scopeKey, roundStages.month, roundStages.stage] });
  const now = ctx.clock.now().toISOString();
  const superseded = await db
    .update(roundStages)
    .set({ state: "skipped", note: `Called off: the ${dates.month} round came due first.` })
    .where(
      and(
        eq(roundStages.scopeKey, scope.key),
        lt(roundStages.month, dates.month),
        inArray(roundStages.stage, ["draft", "publish"]),
        eq(roundStages.state, "pending"),
        // Missed: its publish was due before this round's window opened, or this round's
        // publish is itself due already.
        sql`exists (select 1 from round_stages p
          where p.scope_key = ${roundStages.scopeKey} and p.month = ${roundStages.month}
            and p.stage = 'publish'
            and (p.due_at < ${dates.draftAt.toISOString()}::timestamptz
              or ${dates.publishAt.toISOString()}::timestamptz <= ${now}::timestamptz))`,
      ),
    )
    .returning({ month: roundStages.month });
  const months = [...new Set(superseded.map((s) => s.month))];
  if (months.length === 0) return;
  await db
    .delete(roundDrafts)
    .where(and(eq(roundDrafts.scopeKey, scope.key), inArray(roundDrafts.month, months)));
  for (const month of months) {
    await recordActivity(ctx, {
      scopeKey: scope.key,
      month,
      kind: "round.called-off",
      detail: `The ${monthDisplay(month)} round for ${scope.label} was called off: its pairing day passed while the app was not running, and the ${monthDisplay(dates.month)} round is due now.`,
    });
  }
}

export interface ClaimOptions {
  owner: string;
  leaseMs: number;
  /** ctx.clock's now: what is due. Leases run on the database's clock, as the delivery ledger's. */
  now: Date;
}

/**
 * Claims the earliest due stage under a lease: a pending one, or one whose holder's lease ran out
 * (that process died). A stage waits while an earlier stage of its scope is still open, so a
 * publish never overtakes its draft. `FOR UPDATE SKIP LOCKED`: processes claiming at once never
 * get the same row (docs/decisions/0018-scheduled-rounds.md).
 */
export async function claimDueStage(db: Db, options: ClaimOptions): Promise<RoundStageRow | null> {
  const result = await db.execute(sql`
    with picked as (
      select s.id from round_stages s
      where (s.state = 'pending' or (s.state = 'running' and s.lease_expires_at < now()))
        and s.due_at <= ${options.now.toISOString()}::timestamptz
        and not exists (
          select 1 from round_stages e
          where e.scope_key = s.scope_key and e.id <> s.id and e.due_at < s.due_at
            and e.state in ('pending', 'running'))
      order by s.due_at, s.id
      limit 1
      for update of s skip locked
    )
    update round_stages s
    set state = 'running', claimed_by = ${options.owner}, attempts = s.attempts + 1,
        lease_expires_at = now() + make_interval(secs => ${options.leaseMs / 1000})
    from picked where s.id = picked.id
    returning s.id`);
  const [row] = rowsOf<{ id: number }>(result);
  if (!row) return null;
  const [stage] = await db
    .select()
    .from(roundStages)
    .where(eq(roundStages.id, Number(row.id)));
  return stage ?? null;
}

/**
 * Extends this owner's lease on a stage it still holds (the round-steps job renews it while the
 * stage's work runs, so a long stage is never taken over). False once the stage is no longer its.
 */
export async function renewLease(
  db: Db,
  stage: Pick<RoundStageRow, "id">,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(roundStages)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        eq(roundStages.id, stage.id),
        eq(roundStages.claimedBy, owner),
        eq(roundStages.state, "running"),
      ),
    )
    .returning({ id: roundStages.id });
  return rows.length > 0;
}

export interface StageOutcome {
  state: "done" | "skipped" | "failed" | "pending";
  note?: string | null;
  pairingId?: number | null;
}

/** Ends a claimed stage, only while this owner still holds it. */
export async function settleStage(
  db: Db,
  stage: Pick<RoundStageRow, "id">,
  owner: string,
  outcome: StageOutcome,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(roundStages)
    .set({
      state: outcome.state,
      note: outcome.note ?? null,
      ...(outcome.pairingId !== undefined ? { pairingId: outcome.pairingId } : {}),
      doneAt: outcome.state === "pending" ? null : now,
      claimedBy: null,
      leaseExpiresAt: null,
    })
    .where(
      and(
        eq(roundStages.id, stage.id),
        eq(roundStages.claimedBy, owner),
        eq(roundStages.state, "running"),
      ),
    )
    .returning({ id: roundStages.id });
  return rows.length > 0;
}

/**
 * Gives back a stage this owner still holds unsettled (its work threw before the outcome was
 * written): pending again, for the next look of any process, instead of after the lease.
 */
export async function releaseStage(
  db: Db,
  stage: Pick<RoundStageRow, "id">,
  owner: string,
): Promise<void> {
  await db
    .update(roundStages)
    .set({ state: "pending", claimedBy: null, leaseExpiresAt: null })
    .where(
      and(
        eq(roundStages.id, stage.id),
        eq(roundStages.claimedBy, owner),
        eq(roundStages.state, "running"),
      ),
    );
}
