import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { RoundStepKind } from "../../shared/enums";
import { monthDisplay } from "../../shared/pairings";
import { shiftMonth } from "../../shared/round-dates";
import { calledOffNote } from "../../shared/rounds";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { type RoundStepRow, roundDrafts, roundSteps } from "../db/schema";
import type { RoundDates } from "./round-dates";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Writes down a scope's round (its four steps) once its review window has opened; any number of
 * processes may plan the same round at once. An older round whose publish was missed (it fell due
 * before this round's window opened, or this round's publish is due too) is called off, with an
 * activity line: after downtime only the latest round runs, not every missed one (an older
 * check-in or reminder is not held when its pairing is over, and waits while this round's
 * publish is due: check-in-step.ts, waitsForNewerPublish). An older round whose
 * publish falls inside this round's window (a long review window before a late pairing day) keeps
 * its draft and publishes on its day.
 */
export async function planRound(
  ctx: Pick<AppContext, "db" | "clock">,
  scope: { key: string; label: string },
  dates: RoundDates,
): Promise<void> {
  const db = ctx.db;
  const steps: Array<[RoundStepKind, Date]> = [
    ["draft", dates.draftAt],
    ["publish", dates.publishAt],
    ["check-in", dates.checkInAt],
    ["reminder", dates.reminderAt],
  ];
  await db
    .insert(roundSteps)
    .values(
      steps.map(([kind, dueAt]) => ({ scopeKey: scope.key, month: dates.month, kind, dueAt })),
    )
    .onConflictDoNothing({ target: [roundSteps.scopeKey, roundSteps.month, roundSteps.kind] });
  const now = ctx.clock.now().toISOString();
  const superseded = await db
    .update(roundSteps)
    .set({ state: "skipped", note: calledOffNote(dates.month) })
    .where(
      and(
        eq(roundSteps.scopeKey, scope.key),
        lt(roundSteps.month, dates.month),
        inArray(roundSteps.kind, ["draft", "publish"]),
        eq(roundSteps.state, "pending"),
        // Missed: its publish was due before this round's window opened, or this round's
        // publish is itself due already.
        sql`exists (select 1 from round_steps p
          where p.scope_key = ${roundSteps.scopeKey} and p.month = ${roundSteps.month}
            and p.kind = 'publish'
            and (p.due_at < ${dates.draftAt.toISOString()}::timestamptz
              or ${dates.publishAt.toISOString()}::timestamptz <= ${now}::timestamptz))`,
      ),
    )
    .returning({ month: roundSteps.month });
  const months = [...new Set(superseded.map((s) => s.month))];
  if (months.length === 0) return;
  await db
    .delete(roundDrafts)
    .where(and(eq(roundDrafts.scopeKey, scope.key), inArray(roundDrafts.month, months)));
  await recordCalledOff(ctx, scope, months, dates.month);
}

/**
 * The months between the scope's last round written down and this one, whose whole review window
 * passed while the app was not running, are called off too (docs/rounds.md, "Catch-up"): their
 * draft and publish are written down as skipped, once whatever the number of processes (the
 * insert that writes them writes the activity line), so the Activity list names every missed
 * month. A scope with no round written down yet has missed none; `since` (when automatic rounds
 * began for the scope) leaves earlier months the admin's.
 */
export async function callOffUnplanned(
  ctx: Pick<AppContext, "db" | "clock">,
  scope: { key: string; label: string },
  current: RoundDates,
  datesOf: (month: string) => RoundDates,
  since: Date | null,
): Promise<void> {
  const [latest] = await ctx.db
    .select({ month: sql<string | null>`max(${roundSteps.month})` })
    .from(roundSteps)
    .where(and(eq(roundSteps.scopeKey, scope.key), lt(roundSteps.month, current.month)));
  if (!latest?.month) return;
  const now = ctx.clock.now();
  const note = calledOffNote(current.month);
  const calledOff: string[] = [];
  for (
    let month = shiftMonth(latest.month, 1);
    month < current.month;
    month = shiftMonth(month, 1)
  ) {
    const missed = datesOf(month);
    if (since && missed.draftAt < since) continue;
    // As planRound: only a month whose publish was missed, never one still to publish on its day.
    if (missed.publishAt >= current.draftAt && current.publishAt > now) continue;
    const written = await ctx.db
      .insert(roundSteps)
      .values(
        (["draft", "publish"] as const).map((kind) => ({
          scopeKey: scope.key,
          month,
          kind,
          dueAt: kind === "draft" ? missed.draftAt : missed.publishAt,
          state: "skipped" as const,
          note,
        })),
      )
      .onConflictDoNothing({ target: [roundSteps.scopeKey, roundSteps.month, roundSteps.kind] })
      .returning({ id: roundSteps.id });
    if (written.length > 0) calledOff.push(month);
  }
  await recordCalledOff(ctx, scope, calledOff, current.month);
}

async function recordCalledOff(
  ctx: Pick<AppContext, "db" | "clock">,
  scope: { key: string; label: string },
  months: string[],
  dueMonth: string,
) {
  for (const month of months) {
    await recordActivity(ctx, {
      scopeKey: scope.key,
      month,
      kind: "round.called-off",
      detail: `The ${monthDisplay(month)} round for ${scope.label} was called off: its pairing day passed while the app was not running, and the ${monthDisplay(dueMonth)} round is due now.`,
    });
  }
}

/** When the round's publish step is due, once the round is written down (else null). */
export async function publishDueAt(
  db: Pick<Db, "select">,
  scopeKey: string,
  month: string,
): Promise<Date | null> {
  const [publish] = await db
    .select({ dueAt: roundSteps.dueAt })
    .from(roundSteps)
    .where(
      and(
        eq(roundSteps.scopeKey, scopeKey),
        eq(roundSteps.month, month),
        eq(roundSteps.kind, "publish"),
      ),
    );
  return publish?.dueAt ?? null;
}

export interface ClaimOptions {
  owner: string;
  leaseMs: number;
  /** ctx.clock's now: what is due. Leases run on the database's clock, as the delivery ledger's. */
  now: Date;
}

/**
 * Claims the earliest due step under a lease: a pending one, or one whose holder's lease ran out
 * (that process died). A step waits while an earlier step of its scope is still open, so a
 * publish never overtakes its draft; a check-in or reminder waits for a newer round's publish
 * (waitsForNewerPublish) and holds back nothing meanwhile. `FOR UPDATE SKIP LOCKED`: processes
 * claiming at once never get the same row (docs/decisions/0018-scheduled-rounds.md).
 */
export async function claimDueStep(db: Db, options: ClaimOptions): Promise<RoundStepRow | null> {
  const now = options.now.toISOString();
  const result = await db.execute(sql`
    with picked as (
      select s.id from round_steps s
      where (s.state = 'pending' or (s.state = 'running' and s.lease_expires_at < now()))
        and s.due_at <= ${now}::timestamptz
        and not ${waitsForNewerPublish(sql.raw("s"), now)}
        and not exists (
          select 1 from round_steps e
          where e.scope_key = s.scope_key and e.id <> s.id and e.due_at < s.due_at
            and e.state in ('pending', 'running')
            and not ${waitsForNewerPublish(sql.raw("e"), now)})
      order by s.due_at, s.id
      limit 1
      for update of s skip locked
    )
    update round_steps s
    set state = 'running', claimed_by = ${options.owner}, attempts = s.attempts + 1,
        lease_expires_at = now() + make_interval(secs => ${options.leaseMs / 1000})
    from picked where s.id = picked.id
    returning s.id`);
  const [row] = rowsOf<{ id: number }>(result);
  if (!row) return null;
  const [step] = await db
    .select()
    .from(roundSteps)
    .where(eq(roundSteps.id, Number(row.id)));
  return step ?? null;
}

/**
 * Whether the step `alias` names is a check-in or reminder whose scope has a newer round's
 * publish due and still open, as after a downtime across the next pairing day: it runs once that
 * publish has settled, which either completes its round (the completion marks it not held,
 * hand-made-round.ts notHeldAfterCompletion) or found nothing to publish and left the round
 * running, when it is sent (docs/rounds.md, "Catch-up"). Deciding before, on the publish still
 * to come, lost the reminder of a round no draft came to complete.
 */
function waitsForNewerPublish(alias: SQL, now: string): SQL {
  const publishes = newerPublishesDue(sql`${alias}.scope_key`, sql`${alias}.month`, now);
  return sql`(${alias}.kind in ('check-in', 'reminder') and exists (${publishes}))`;
}

/** A later round's publish in the scope, due by `now` and still open: rows `p` of round_steps. */
function newerPublishesDue(scopeKey: SQL | string, month: SQL | string, now: string): SQL {
  return sql`select p.month from round_steps p
    where p.scope_key = ${scopeKey} and p.month > ${month} and p.kind = 'publish'
      and p.state in ('pending', 'running') and p.due_at <= ${now}::timestamptz`;
}

/**
 * The month of the earliest later round whose publish is due and still open, for a step of
 * `scopeKey` and `month` (else null): the step's own check under its round's lock, by the rule
 * the claim waits by (waitsForNewerPublish).
 */
export async function newerPublishDue(
  db: Db,
  step: { scopeKey: string; month: string },
  now: Date,
): Promise<string | null> {
  const publishes = newerPublishesDue(step.scopeKey, step.month, now.toISOString());
  const [row] = rowsOf<{ month: string }>(
    await db.execute(sql`${publishes} order by p.month limit 1`),
  );
  return row?.month ?? null;
}

/**
 * Extends this owner's lease on a step it still holds (the round-steps job renews it while the
 * step's work runs, so a long step is never taken over). False once the step is no longer its.
 */
export async function renewLease(
  db: Db,
  step: Pick<RoundStepRow, "id">,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(roundSteps)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(heldBy(step, owner))
    .returning({ id: roundSteps.id });
  return rows.length > 0;
}

/** The step, while `owner` still holds it: claimed by it and not yet settled or given back. */
function heldBy(step: Pick<RoundStepRow, "id">, owner: string) {
  return and(
    eq(roundSteps.id, step.id),
    eq(roundSteps.claimedBy, owner),
    eq(roundSteps.state, "running"),
  );
}

export interface StepOutcome {
  state: "done" | "skipped" | "failed" | "pending";
  note?: string | null;
  pairingId?: number | null;
  /** Pending again because it must wait, not because it failed: the claim was no try. */
  waits?: boolean;
}

/** Ends a claimed step, only while this owner still holds it. */
export async function settleStep(
  db: Db,
  step: Pick<RoundStepRow, "id">,
  owner: string,
  outcome: StepOutcome,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(roundSteps)
    .set({
      state: outcome.state,
      note: outcome.note ?? null,
      ...(outcome.pairingId !== undefined ? { pairingId: outcome.pairingId } : {}),
      ...(outcome.waits ? { attempts: sql`greatest(${roundSteps.attempts} - 1, 0)` } : {}),
      doneAt: outcome.state === "pending" ? null : now,
      claimedBy: null,
      leaseExpiresAt: null,
    })
    .where(heldBy(step, owner))
    .returning({ id: roundSteps.id });
  return rows.length > 0;
}

/**
 * Gives back a step this owner still holds unsettled (its work threw before the outcome was
 * written): pending again, for the next look of any process, instead of after the lease.
 */
export async function releaseStep(
  db: Db,
  step: Pick<RoundStepRow, "id">,
  owner: string,
): Promise<void> {
  await db
    .update(roundSteps)
    .set({ state: "pending", claimedBy: null, leaseExpiresAt: null })
    .where(heldBy(step, owner));
}
