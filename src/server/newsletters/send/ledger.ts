import { and, eq, inArray, sql } from "drizzle-orm";
import type { DeliveryState } from "../../../shared/enums";
import type { Db } from "../../db/client";
import { newsletterDeliveries } from "../../db/schema";

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
 * for or repeating each other. Lease times are the database's clock, so processes on different
 * hosts agree; backoff times are ctx.clock's (seconds of skew between hosts do not matter there).
 */
export async function claimDeliveries(
  db: Db,
  workerId: string,
  { limit, leaseMs, now, transport }: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with picked as (
      select d.id from newsletter_deliveries d
      join newsletters n on n.id = d.newsletter_id and n.status = 'sending'
        and (n.mail_transport is null or n.mail_transport = ${transport})
      where (d.state = 'pending'
             and (d.next_attempt_at is null or d.next_attempt_at <= ${now.toISOString()}::timestamptz))
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

export interface DeliveryCounts {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  /** The first transient failure among the deliveries still open: the mail server is out since. */
  waitingSince: Date | null;
}

export async function countDeliveries(db: Db, newsletterId: number): Promise<DeliveryCounts> {
  const rows = await db
    .select({
      state: newsletterDeliveries.state,
      count: sql<number>`count(*)::int`,
      failingSince: sql<string | Date | null>`min(${newsletterDeliveries.failingSince})`,
    })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .groupBy(newsletterDeliveries.state);
  const by = new Map(rows.map((r) => [r.state, r]));
  const count = (state: DeliveryState) => Number(by.get(state)?.count ?? 0);
  const sent = count("sent");
  const failed = count("failed");
  const pending = count("pending") + count("sending");
  const since = [by.get("pending")?.failingSince, by.get("sending")?.failingSince]
    .filter((v): v is string | Date => Boolean(v))
    .map((v) => new Date(v).getTime());
  return {
    total: sent + failed + pending,
    sent,
    failed,
    pending,
    waitingSince: since.length > 0 ? new Date(Math.min(...since)) : null,
  };
}
