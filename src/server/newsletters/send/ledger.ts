import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { insertAsJson } from "../../db/bulk-insert";
import type { Db, Tx } from "../../db/client";
import { newsletterDeliveries } from "../../db/schema";

/**
 * The delivery ledger (`newsletter_deliveries`): every write of a delivery row is here — queued by
 * a send, claimed and renewed by a worker, recorded sent or failed, re-queued by a retry — so the
 * states of README.md here can be read in one file.
 */

/** One person a send is for, as start-send queues them. */
export interface QueuedRecipient {
  /** Null for a whitelisted address without an account (the launch invitation). */
  userId: string | null;
  email: string;
  /** The partners' addresses for the send log; null for someone who sat out. */
  matchEmail: string | null;
}

/**
 * Writes one delivery row per recipient (unique per newsletter + address) in one INSERT, the rows
 * passed as one JSON parameter: far cheaper for the database than thousands of bound parameters.
 * A newsletter sent before (it came back to approved because some e-mails could not be built)
 * already has rows: its failed ones are queued again, its sent ones are left alone. Returns how
 * many deliveries were queued.
 */
export async function queueDeliveries(
  tx: Tx,
  newsletterId: number,
  rows: QueuedRecipient[],
  now: Date,
): Promise<number> {
  const json = JSON.stringify(
    rows.map((r) => ({ user_id: r.userId, email: r.email, match_email: r.matchEmail })),
  );
  const result = await tx.execute(sql`
    insert into newsletter_deliveries
      (newsletter_id, user_id, recipient_email, match_email, created_at, updated_at)
    select ${newsletterId}::int, r.user_id, r.email, r.match_email,
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as r(user_id uuid, email text, match_email text)
    on conflict on constraint newsletter_deliveries_once_per_recipient do update
      set state = 'pending', user_id = excluded.user_id, match_email = excluded.match_email,
          send_status = null, next_attempt_at = null, failing_since = null, claimed_by = null,
          lease_expires_at = null, updated_at = excluded.updated_at
      where newsletter_deliveries.state = 'failed'
    returning id`);
  return rowsOf(result).length;
}

/** A sent newsletter's failed rows back to pending (sent rows untouched); returns how many. */
export async function requeueFailed(tx: Tx, newsletterId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(newsletterDeliveries)
    .set({
      state: "pending",
      sendStatus: null,
      nextAttemptAt: null,
      failingSince: null,
      claimedBy: null,
      leaseExpiresAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(newsletterDeliveries.newsletterId, newsletterId),
        eq(newsletterDeliveries.state, "failed"),
      ),
    )
    .returning({ id: newsletterDeliveries.id });
  return rows.length;
}

/** Finished deliveries of past sends, as the demo data seeds them (never claimed). */
export async function insertPastDeliveries(
  tx: Tx,
  rows: Array<Partial<typeof newsletterDeliveries.$inferInsert>>,
): Promise<void> {
  await insertAsJson(tx, newsletterDeliveries, rows);
}

/** A delivery a worker holds under lease. */
export interface ClaimedDelivery {
  id: number;
  newsletterId: number;
  userId: string | null;
  recipientEmail: string;
  attempts: number;
  /** Set while the delivery is in a run of transient failures (the mail server was out). */
  failingSince: Date | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** ctx.clock's now: a delivery waiting out a backoff is due once `next_attempt_at` is past it. */
  now: Date;
  /** This process's mail transport (Mailer.fingerprint); only sends started with it are claimed. */
  transport: string;
}

/**
 * Claims up to `limit` deliveries of newsletters being sent over this process's mail transport:
 * pending ones whose backoff is over, and ones whose holder's lease ran out (that process died or
 * hung). `FOR UPDATE SKIP LOCKED` lets workers of several processes claim at once without waiting
 * for or repeating each other. The rows are found through the (newsletter, state) index of the
 * sends under way, in no particular order (about the order they were queued in): ordering by id
 * made each claim walk every delivery ever made, the finished ones included, which at 100,000
 * recipients cost more than the sending (docs/performance.md, "Company scale"). Lease times are
 * the database's clock, so processes on different hosts agree; backoff times are ctx.clock's
 * (seconds of skew between hosts do not matter there).
 */
export async function claimDeliveries(
  db: Db,
  workerId: string,
  { limit, leaseMs, now, transport }: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with picked as (
      select d.id from newsletter_deliveries d
      where d.newsletter_id in (select n.id from newsletters n where n.status = 'sending'
              and (n.mail_transport is null or n.mail_transport = ${transport}))
        and d.state in ('pending', 'sending')
        and ((d.state = 'pending'
              and (d.next_attempt_at is null or d.next_attempt_at <= ${now.toISOString()}::timestamptz))
          or (d.state = 'sending' and d.lease_expires_at < now()))
      limit ${limit}
      for update of d skip locked
    )
    update newsletter_deliveries d
    set state = 'sending', claimed_by = ${workerId}, claimed_at = now(),
        lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}),
        updated_at = now()
    from picked where d.id = picked.id
    returning d.id, d.newsletter_id, d.user_id, d.recipient_email, d.attempts, d.failing_since`);
  return rowsOf<{
    id: number;
    newsletter_id: number;
    user_id: string | null;
    recipient_email: string;
    attempts: number;
    failing_since: string | Date | null;
  }>(result)
    .map((r) => ({
      id: Number(r.id),
      newsletterId: Number(r.newsletter_id),
      userId: r.user_id,
      recipientEmail: r.recipient_email,
      attempts: Number(r.attempts),
      failingSince: r.failing_since === null ? null : new Date(r.failing_since),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Newsletters being sent over another mail transport than `transport`, with deliveries still open:
 * this process must leave them to one that mails the way the send was started.
 */
export async function sendsOverOtherTransports(
  db: Db,
  transport: string,
): Promise<Array<{ id: number; transport: string }>> {
  const result = await db.execute(sql`
    select n.id, n.mail_transport from newsletters n
    where n.status = 'sending' and n.mail_transport is not null and n.mail_transport <> ${transport}
      and exists (select 1 from newsletter_deliveries d
                  where d.newsletter_id = n.id and d.state in ('pending', 'sending'))`);
  return rowsOf<{ id: number; mail_transport: string }>(result).map((r) => ({
    id: Number(r.id),
    transport: r.mail_transport,
  }));
}

/** Extends the lease on what this worker still holds; a slow batch is not taken over. */
export async function renewLease(db: Db, workerId: string, leaseMs: number): Promise<void> {
  await db.execute(sql`
    update newsletter_deliveries
    set lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000})
    where claimed_by = ${workerId} and state = 'sending'`);
}

/**
 * Gives back what this worker still holds (of `ids`, or all): after a batch, rows a lane could not
 * record (the database failed meanwhile), and on a clean stop the rest of the claim, so another
 * process need not wait out the lease.
 */
export async function releaseClaims(db: Db, workerId: string, ids?: number[]): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({ state: "pending", claimedBy: null, leaseExpiresAt: null })
    .where(
      and(
        eq(newsletterDeliveries.claimedBy, workerId),
        eq(newsletterDeliveries.state, "sending"),
        ids ? inArray(newsletterDeliveries.id, ids) : undefined,
      ),
    );
}

/**
 * Marks deliveries sent, each with its Message-ID, in one statement (plain SQL: this runs once per
 * few messages, so the query builder's cost would show). Called by the group commit (sent-recorder.ts).
 */
export async function recordSent(
  db: Db,
  sent: Array<{ id: number; messageId: string }>,
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  const ids = sql.join(
    sent.map((s) => sql`${s.id}::int`),
    sql`, `,
  );
  const messageIds = sql.join(
    sent.map((s) => sql`when ${s.id}::int then ${s.messageId}::text`),
    sql` `,
  );
  await db.execute(sql`
    update newsletter_deliveries
    set state = 'sent', send_status = 'success', message_id = case id ${messageIds} end,
        sent_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1, error_code = null,
        error_text = null, lease_expires_at = null, next_attempt_at = null, failing_since = null,
        updated_at = ${now.toISOString()}::timestamptz
    where id in (${ids})`);
}

/** A failed attempt as retries.ts decided it: back to pending after a wait, or failed. */
export type FailedAttemptRecord = {
  attempts: number;
  errorCode: string;
  errorText: string;
  updatedAt: Date;
} & (
  | { state: "pending"; failingSince: Date; nextAttemptAt: Date }
  | { state: "failed"; sendStatus: Exclude<DeliveryRow["sendStatus"], null> }
);

type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

/** Records a failed attempt; a delivery another worker has meanwhile sent stays sent. */
export async function recordFailed(
  db: Db,
  deliveryId: number,
  record: FailedAttemptRecord,
): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({ ...record, claimedBy: null, leaseExpiresAt: null })
    .where(
      and(
        eq(newsletterDeliveries.id, deliveryId),
        inArray(newsletterDeliveries.state, ["pending", "sending"]),
      ),
    );
}

/**
 * The mail server is back (a delivery that had been failing went out): the deliveries of that
 * newsletter still waiting out a backoff are due now, instead of each at the end of its own wait,
 * and the outage is over for them (a new failure starts a new horizon). The workers' batches and
 * lanes pace them as in any send.
 */
export async function resumeWaiting(db: Db, newsletterId: number, now: Date): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({ nextAttemptAt: now, failingSince: null })
    .where(
      and(
        eq(newsletterDeliveries.newsletterId, newsletterId),
        eq(newsletterDeliveries.state, "pending"),
        isNotNull(newsletterDeliveries.failingSince),
        gt(newsletterDeliveries.nextAttemptAt, now),
      ),
    );
}
