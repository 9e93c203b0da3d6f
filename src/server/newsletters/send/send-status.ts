import { eq, sql } from "drizzle-orm";
import type { SendStatusResponse } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { newsletters } from "../../db/schema";
import { NotFound } from "../../errors";
import { roundAnnouncement, roundAnnouncementKey } from "../../outbox/kinds/round-announcement";
import { newsletterMessage, newsletterMessageKey } from "./newsletter-message";

/**
 * The progress bar's numbers, read from the send's outbox messages (the same in every process),
 * with what a send made before newsletters went through the outbox left in the old ledger.
 */
export async function getSendStatus(
  ctx: AppContext,
  newsletterId: number,
): Promise<SendStatusResponse> {
  const [newsletter] = await ctx.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  const { waitingSince, ...counts } = await countDeliveries(ctx.db, newsletterId);
  return {
    status: newsletter.status as SendStatusResponse["status"],
    ...counts,
    waitingSince: waitingSince?.toISOString() ?? null,
  };
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
  const result = await db.execute(sql`
    select m.state, count(*)::int as count, min(m.first_failed_at) as failing_since
    from outgoing_messages m
    where (m.kind = ${newsletterMessage.name} and m.once_key = ${newsletterMessageKey(newsletterId)})
       or (m.kind = ${roundAnnouncement.name} and m.once_key = ${roundAnnouncementKey(newsletterId)})
    group by m.state
    union all
    select case when d.state = 'sending' then 'pending' else d.state end, count(*)::int,
           min(d.failing_since)
    from newsletter_deliveries d where d.newsletter_id = ${newsletterId}
    group by 1`);
  const rows = (
    result as unknown as {
      rows: Array<{ state: string; count: number; failing_since: string | Date | null }>;
    }
  ).rows;
  const count = (state: string) =>
    rows.filter((r) => r.state === state).reduce((sum, r) => sum + Number(r.count), 0);
  const sent = count("sent");
  const failed = count("failed");
  const pending = count("pending");
  const since = rows
    .filter((r) => r.state === "pending" && r.failing_since)
    .map((r) => new Date(r.failing_since as string | Date).getTime());
  return {
    total: sent + failed + pending,
    sent,
    failed,
    pending,
    waitingSince: since.length > 0 ? new Date(Math.min(...since)) : null,
  };
}
