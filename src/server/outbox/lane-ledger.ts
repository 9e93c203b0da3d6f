import { and, asc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";

/**
 * The lanes of the channels besides e-mail (docs/chat.md, "Deliveries", decision 0072): the same
 * rows, the same lease (`claimed_until`, `claimed_by`) as the e-mail lanes, claimed one at a time
 * per lane. A worker that died leaves its row claimed; once the lease is over the next claim takes
 * it, so a message is sent again after a crash only when it was in flight at the crash.
 */
const m = outgoingMessages;

/**
 * Claims for `owner` until `now + leaseMs` the earliest due row of a lane that is free: not one of
 * `busyLanes` (running in this process), not sending a message under a live lease elsewhere, and
 * not a paused endpoint's. With `lane`, only that lane's rows. `FOR UPDATE SKIP LOCKED`, so
 * processes claiming at once never take the same row.
 */
export async function claimNextOnLane(
  db: Db,
  owner: string,
  options: { now: Date; leaseMs: number; lane?: string; busyLanes?: string[] },
): Promise<OutgoingMessageRow | null> {
  const { now, leaseMs, lane, busyLanes = [] } = options;
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: m.id })
      .from(m)
      .where(
        and(
          eq(m.state, "pending"),
          ne(m.channel, "email"),
          lte(m.nextAttemptAt, now),
          or(isNull(m.claimedUntil), lte(m.claimedUntil, now)),
          lane === undefined ? undefined : eq(m.lane, lane),
          busyLanes.length === 0
            ? undefined
            : sql`${m.lane} not in (${sql.join(
                busyLanes.map((l) => sql`${l}`),
                sql`, `,
              )})`,
          sql`not exists (select 1 from outgoing_messages busy
            where busy.lane = ${m.lane} and busy.state = 'pending'
              and busy.claimed_until > ${at}::timestamptz)`,
          sql`(${m.endpointId} is null or ${m.endpointId} not in
            (select paused.id from webhook_endpoints paused where paused.paused_at is not null))`,
        ),
      )
      .orderBy(asc(m.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(m)
      .set({
        claimedBy: owner,
        claimedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${m.attempts} + 1`,
      })
      .where(eq(m.id, due.id))
      .returning();
    return row;
  });
}

/** The row while it is still being sent by `owner` (its claim not taken over). */
const heldBy = (row: Pick<OutgoingMessageRow, "id">, owner: string) =>
  and(eq(m.id, row.id), eq(m.state, "pending"), eq(m.claimedBy, owner));

/**
 * Renews this owner's lease on one row just before it is sent; false when the row is no longer
 * its own (the lease ran out and another process took it), so a worker that stalled never sends
 * what another has taken over.
 */
export async function holdOnLane(
  db: Db,
  row: Pick<OutgoingMessageRow, "id">,
  owner: string,
  { now, leaseMs }: { now: Date; leaseMs: number },
): Promise<boolean> {
  const held = await db
    .update(m)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(heldBy(row, owner))
    .returning({ id: m.id });
  return held.length > 0;
}

/** Settles a claimed row; only while this owner still holds it. */
async function settle(
  db: Db,
  row: Pick<OutgoingMessageRow, "id">,
  owner: string,
  set: Partial<typeof m.$inferInsert>,
): Promise<boolean> {
  const done = await db
    .update(m)
    .set({ claimedBy: null, claimedUntil: null, ...set })
    .where(heldBy(row, owner))
    .returning({ id: m.id });
  return done.length > 0;
}

export function recordLaneSent(
  db: Db,
  row: OutgoingMessageRow,
  owner: string,
  now: Date,
  result: Record<string, unknown>,
) {
  return settle(db, row, owner, {
    state: "sent",
    sentAt: now,
    result,
    errorMessage: null,
    firstFailedAt: null,
  });
}

export function recordLaneRetry(
  db: Db,
  row: OutgoingMessageRow,
  owner: string,
  { at, error, firstFailedAt }: { at: Date; error: string; firstFailedAt: Date },
) {
  return settle(db, row, owner, { nextAttemptAt: at, errorMessage: error, firstFailedAt });
}

export function recordLaneEnded(
  db: Db,
  row: OutgoingMessageRow,
  owner: string,
  state: "failed" | "skipped",
  error: string,
) {
  return settle(db, row, owner, { state, errorMessage: error });
}

/** Keeps what a step learnt (the conversation Slack opened) so a retry does not ask again. */
export async function recordLaneProgress(
  db: Db,
  row: Pick<OutgoingMessageRow, "id">,
  result: Record<string, unknown>,
) {
  await db.update(m).set({ result }).where(eq(m.id, row.id));
}

/** Whether a row is claimed now (a chat delivery's `sending`, docs/chat.md). */
export const claimedNow = (now: Date) => and(eq(m.state, "pending"), gt(m.claimedUntil, now));
