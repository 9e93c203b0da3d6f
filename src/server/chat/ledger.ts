import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { ChatChannel, ChatMessageKind } from "../../shared/chat";
import type { Db, Tx } from "../db/client";
import { type ChatDeliveryRow, chatDeliveries } from "../db/schema";

/**
 * Every write of a chat delivery row (docs/chat.md, "Deliveries"): queue, claim, settle. A row is
 * queued once per `dedupe_key`; a claim marks it `sending` with this worker's name and a lease;
 * a worker that died leaves it `sending`, and once the lease is over the next claim takes it.
 * So a message is sent again after a crash only when it was in flight at the crash.
 */
export interface QueuedChatMessage {
  channel: ChatChannel;
  kind: ChatMessageKind;
  dedupeKey: string;
  payload: Record<string, unknown>;
  endpointId?: number | null;
  matchId?: number | null;
  userId?: string | null;
  organiserId?: string | null;
}

/** Queues messages not queued before (by dedupe key); resolves how many are new. */
export async function queueChatMessages(
  db: Db | Tx,
  messages: QueuedChatMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const added = await db
    .insert(chatDeliveries)
    .values(messages)
    .onConflictDoNothing({ target: chatDeliveries.dedupeKey })
    .returning({ id: chatDeliveries.id });
  return added.length;
}

/**
 * A message's lane (docs/chat.md, "Lanes and the breaker"): Slack is lane 0, Teams lane -1, each
 * webhook endpoint the lane of its id. A lane sends one message at a time; lanes run side by side.
 */
export const laneOf = (row: Pick<ChatDeliveryRow, "endpointId" | "channel">) =>
  row.channel === "teams" ? -1 : (row.endpointId ?? 0);
const laneSql = sql`(case when ${chatDeliveries.channel} = 'teams' then -1 else coalesce(${chatDeliveries.endpointId}, 0) end)`;

/**
 * Claims for `owner` until `now + leaseMs` the earliest due row (pending with its wait over, or
 * sending with its lease run out: its worker died) of a lane that is free: not one of
 * `busyLanes` (running in this process), not sending a message under a live lease elsewhere, and
 * not a paused endpoint's. With `lane`, only that lane's rows. `FOR UPDATE SKIP LOCKED`, so
 * processes claiming at once never take the same row.
 */
export async function claimNextChatMessage(
  db: Db,
  owner: string,
  options: { now: Date; leaseMs: number; lane?: number; busyLanes?: number[] },
): Promise<ChatDeliveryRow | null> {
  const { now, leaseMs, lane, busyLanes = [] } = options;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: chatDeliveries.id })
      .from(chatDeliveries)
      .where(
        and(
          or(
            and(
              eq(chatDeliveries.state, "pending"),
              or(isNull(chatDeliveries.nextAttemptAt), lte(chatDeliveries.nextAttemptAt, now)),
            ),
            and(eq(chatDeliveries.state, "sending"), lte(chatDeliveries.leaseExpiresAt, now)),
          ),
          lane === undefined ? undefined : sql`${laneSql} = ${lane}`,
          busyLanes.length === 0
            ? undefined
            : sql`${laneSql} not in (${sql.join(
                busyLanes.map((l) => sql`${l}`),
                sql`, `,
              )})`,
          sql`not exists (select 1 from chat_deliveries busy
            where (case when busy.channel = 'teams' then -1 else coalesce(busy.endpoint_id, 0) end) = ${laneSql}
              and busy.state = 'sending' and busy.lease_expires_at > ${now})`,
          sql`(${chatDeliveries.endpointId} is null or ${chatDeliveries.endpointId} not in
            (select paused.id from webhook_endpoints paused where paused.paused_at is not null))`,
        ),
      )
      .orderBy(asc(chatDeliveries.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(chatDeliveries)
      .set({
        state: "sending",
        claimedBy: owner,
        leaseExpiresAt: new Date(now.getTime() + leaseMs),
        attempts: sql`${chatDeliveries.attempts} + 1`,
      })
      .where(eq(chatDeliveries.id, due.id))
      .returning();
    return row;
  });
}

/**
 * Renews this owner's lease on one row just before it is sent; false when the row is no longer
 * its own (the lease ran out and another process took it), so a worker that stalled never sends
 * what another has taken over.
 */
export async function holdChatMessage(
  db: Db,
  row: Pick<ChatDeliveryRow, "id">,
  owner: string,
  { now, leaseMs }: { now: Date; leaseMs: number },
): Promise<boolean> {
  const held = await db
    .update(chatDeliveries)
    .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(heldBy(row, owner))
    .returning({ id: chatDeliveries.id });
  return held.length > 0;
}

/** The row while it is still being sent by `owner` (its claim not taken over). */
const heldBy = (row: Pick<ChatDeliveryRow, "id">, owner: string) =>
  and(
    eq(chatDeliveries.id, row.id),
    eq(chatDeliveries.state, "sending"),
    eq(chatDeliveries.claimedBy, owner),
  );

/** Settles a claimed row; only while this owner still holds it. */
async function settle(
  db: Db,
  row: Pick<ChatDeliveryRow, "id">,
  owner: string,
  set: Partial<typeof chatDeliveries.$inferInsert>,
): Promise<boolean> {
  const done = await db
    .update(chatDeliveries)
    .set({ claimedBy: null, leaseExpiresAt: null, ...set })
    .where(heldBy(row, owner))
    .returning({ id: chatDeliveries.id });
  return done.length > 0;
}

export function recordChatSent(
  db: Db,
  row: ChatDeliveryRow,
  owner: string,
  now: Date,
  result: Record<string, unknown>,
) {
  return settle(db, row, owner, {
    state: "sent",
    sentAt: now,
    result,
    error: null,
    failingSince: null,
    nextAttemptAt: null,
  });
}

export function recordChatRetry(
  db: Db,
  row: ChatDeliveryRow,
  owner: string,
  { at, error, failingSince }: { at: Date; error: string; failingSince: Date },
) {
  return settle(db, row, owner, { state: "pending", nextAttemptAt: at, error, failingSince });
}

export function recordChatEnded(
  db: Db,
  row: ChatDeliveryRow,
  owner: string,
  state: "failed" | "skipped",
  error: string,
) {
  return settle(db, row, owner, { state, error, nextAttemptAt: null });
}

/** Keeps what a step learnt (the conversation Slack opened) so a retry does not ask again. */
export async function recordChatProgress(
  db: Db,
  row: ChatDeliveryRow,
  result: Record<string, unknown>,
) {
  await db.update(chatDeliveries).set({ result }).where(eq(chatDeliveries.id, row.id));
}
