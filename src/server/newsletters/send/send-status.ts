import { eq, sql } from "drizzle-orm";
import type { DeliveryState } from "../../../shared/enums";
import type { SendStatusResponse } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { newsletterDeliveries, newsletters } from "../../db/schema";
import { NotFound } from "../../errors";

/** The progress bar's numbers, read from the ledger (the same in every process). */
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
