import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterDeliveries } from "../../db/schema";
import type { FailedAttempt } from "./outcome";

/** A delivery a worker holds under lease. */
export interface ClaimedDelivery {
  id: number;
  newsletterId: number;
  userId: string | null;
  recipientEmail: string;
  attempts: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Claims up to `limit` deliveries of newsletters being sent: pending ones whose backoff is over,
 * and ones whose holder's lease ran out (that process died or hung). `FOR UPDATE SKIP LOCKED`
 * lets workers of several processes claim at once without waiting for or repeating each other.
 * Lease times are the database's clock, so processes on different hosts agree.
 */
export async function claimDeliveries(
  db: Db,
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with picked as (
      select d.id from newsletter_deliveries d
      join newsletters n on n.id = d.newsletter_id and n.status = 'sending'
      where (d.state = 'pending' and (d.next_attempt_at is null or d.next_attempt_at <= now()))
         or (d.state = 'sending' and d.lease_expires_at < now())
      order by d.id
      limit ${limit}
      for update of d skip locked
    )
    update newsletter_deliveries d
    set state = 'sending', claimed_by = ${workerId}, claimed_at = now(),
        lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}),
        updated_at = now()
    from picked where d.id = picked.id
    returning d.id, d.newsletter_id, d.user_id, d.recipient_email, d.attempts`);
  return rowsOf<{
    id: number;
    newsletter_id: number;
    user_id: string | null;
    recipient_email: string;
    attempts: number;
  }>(result)
    .map((r) => ({
      id: Number(r.id),
      newsletterId: Number(r.newsletter_id),
      userId: r.user_id,
      recipientEmail: r.recipient_email,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
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
 * few messages, so the query builder's cost would show).
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
        error_text = null, lease_expires_at = null, next_attempt_at = null,
        updated_at = ${now.toISOString()}::timestamptz
    where id in (${ids})`);
}

/** Group commit of successful sends, shared by the lanes of one worker (see createSentRecorder). */
export interface SentRecorder {
  /** A lane starts taking messages. */
  join(): void;
  /** A lane has no more messages to take. */
  leave(): void;
  /** Resolves once the delivery is recorded sent. */
  record(id: number, messageId: string): Promise<void>;
}

/**
 * Records successful sends by group commit. A lane waits until its record is written before it
 * takes its next message, which keeps "accepted by the server but not yet recorded" to at most one
 * message per lane (the duplicate bound). A group is written once every lane still taking messages
 * is waiting (or `maxWaitMs` after its first record): written as they come, each send cost one
 * UPDATE, and on the embedded database that UPDATE holds the event loop, so no other lane's
 * record could join it.
 */
export function createSentRecorder(db: Db, clock: () => Date, maxWaitMs = 20): SentRecorder {
  let queue: Array<{ id: number; messageId: string; done: (error?: unknown) => void }> = [];
  let lanes = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    const group = queue;
    queue = [];
    try {
      await recordSent(db, group, clock());
      for (const item of group) item.done();
    } catch (error) {
      for (const item of group) item.done(error);
    }
    writing = false;
    consider();
  };
  function consider() {
    if (writing || queue.length === 0) return;
    if (queue.length >= lanes) return void flush();
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!writing && queue.length > 0) void flush();
    }, maxWaitMs);
  }
  return {
    join: () => {
      lanes += 1;
    },
    leave: () => {
      lanes -= 1;
      consider();
    },
    record: (id, messageId) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ id, messageId, done: (error) => (error ? reject(error) : resolve()) });
        consider();
      }),
  };
}

/**
 * Records a failed attempt: back to pending with a backoff while tries remain, else failed with
 * the SMTP code and text. A delivery another worker has meanwhile sent stays sent.
 */
export async function recordFailure(
  db: Db,
  delivery: ClaimedDelivery,
  failure: FailedAttempt,
  options: { maxAttempts: number; backoffMs: (attempt: number) => number; now: Date },
): Promise<"retry" | "failed"> {
  const attempt = delivery.attempts + 1;
  const retry = failure.retry && attempt < options.maxAttempts;
  const base = {
    attempts: attempt,
    errorCode: failure.errorCode,
    errorText: failure.errorText,
    claimedBy: null,
    leaseExpiresAt: null,
    updatedAt: options.now,
  };
  await db
    .update(newsletterDeliveries)
    .set(
      retry
        ? {
            ...base,
            state: "pending",
            nextAttemptAt: sql`now() + make_interval(secs => ${options.backoffMs(attempt) / 1000})`,
          }
        : { ...base, state: "failed", sendStatus: failure.sendStatus },
    )
    .where(
      and(
        eq(newsletterDeliveries.id, delivery.id),
        inArray(newsletterDeliveries.state, ["pending", "sending"]),
      ),
    );
  return retry ? "retry" : "failed";
}

export interface DeliveryCounts {
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

export async function countDeliveries(db: Db, newsletterId: number): Promise<DeliveryCounts> {
  const rows = await db
    .select({ state: newsletterDeliveries.state, count: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .groupBy(newsletterDeliveries.state);
  const by = new Map(rows.map((r) => [r.state, Number(r.count)]));
  const sent = by.get("sent") ?? 0;
  const failed = by.get("failed") ?? 0;
  const pending = (by.get("pending") ?? 0) + (by.get("sending") ?? 0);
  return { total: sent + failed + pending, sent, failed, pending };
}
