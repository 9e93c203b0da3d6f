import { and, eq } from "drizzle-orm";
import { insertAsJson } from "../../db/bulk-insert";
import type { Tx } from "../../db/client";
import { newsletterDeliveries } from "../../db/schema";

/**
 * The delivery ledger of earlier releases (`newsletter_deliveries`): the recipients of sends made
 * before newsletters went through the outbox, read by their send logs. Nothing delivers from it
 * any more; migration 0070 moved what it still had waiting to the outbox (docs/mail.md).
 */

/** Finished deliveries of past sends, as the demo data seeds them. */
export async function insertPastDeliveries(
  tx: Tx,
  rows: Array<Partial<typeof newsletterDeliveries.$inferInsert>>,
): Promise<void> {
  await insertAsJson(tx, newsletterDeliveries, rows);
}

/**
 * Takes the failed deliveries of a past send out of the ledger, for "Retry failed deliveries" to
 * queue them in the outbox: who they were for, with the partners' addresses for the log.
 */
export async function takeFailedDeliveries(
  tx: Tx,
  newsletterId: number,
): Promise<Array<{ userId: string | null; email: string; matchEmail: string | null }>> {
  const taken = await tx
    .delete(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.newsletterId, newsletterId),
        eq(newsletterDeliveries.state, "failed"),
      ),
    )
    .returning({
      userId: newsletterDeliveries.userId,
      email: newsletterDeliveries.recipientEmail,
      matchEmail: newsletterDeliveries.matchEmail,
    });
  return taken;
}
