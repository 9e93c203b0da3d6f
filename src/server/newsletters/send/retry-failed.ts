import { and, eq } from "drizzle-orm";
import type { SendStarted } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import { newsletters } from "../../db/schema";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { roundAnnouncement, roundAnnouncementKey } from "../../outbox/kinds/round-announcement";
import { requeueFailedMessages } from "../../outbox/requeue-failed";
import { newsletterMessage, newsletterMessageKey } from "./newsletter-message";
import { takeFailedDeliveries } from "./past-deliveries";
import { ALREADY_SENDING, queueNewsletterMessages } from "./start-send";

export const NOT_SENT_YET = "Only the failed deliveries of a sent newsletter can be retried.";
export const NOTHING_FAILED = "No delivery of this newsletter failed; there is nothing to retry.";

/**
 * Retries the failed deliveries of a sent newsletter: in ONE transaction the newsletter turns from
 * sent back to sending and only its failed outbox messages are queued again (their backoff and
 * outage cleared), the newsletter's or a round announcement's; sent ones are never touched, so
 * nobody gets the e-mail twice. A failed delivery of a send made before the newsletters moved to
 * the outbox (a row of the old delivery ledger) moves to the outbox as a new message. The outbox
 * delivers them over this process's mail transport, and the finish updates the send's log. The
 * conditional update is the concurrency rule: of two retries at once only one finds the
 * newsletter still sent.
 */
export async function retryFailedDeliveries(
  ctx: AppContext,
  newsletterId: number,
): Promise<SendStarted> {
  const [newsletter] = await ctx.db
    .select({ status: newsletters.status, kind: newsletters.kind })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  if (newsletter.status === "sending") throw new Conflict(ALREADY_SENDING, "already_sending");
  if (newsletter.status !== "sent") throw new BadRequest(NOT_SENT_YET, "not_sent");

  const now = ctx.clock.now();
  const retried = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(newsletters)
      .set({ status: "sending", updatedAt: now })
      .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, "sent")))
      .returning({ id: newsletters.id });
    if (!claimed) throw new Conflict(ALREADY_SENDING, "already_sending");
    const kind = newsletter.kind === "announcement" ? roundAnnouncement : newsletterMessage;
    const key =
      newsletter.kind === "announcement"
        ? roundAnnouncementKey(newsletterId)
        : newsletterMessageKey(newsletterId);
    const past = await takeFailedDeliveries(tx, newsletterId);
    const requeued =
      (await requeueFailedMessages(ctx, tx, kind, key)) +
      (await queueNewsletterMessages(ctx, tx, newsletterId, past));
    if (requeued === 0) throw new BadRequest(NOTHING_FAILED, "nothing_failed");
    return requeued;
  });
  return {
    status: "sending",
    total: retried,
    message: `Retrying ${retried} failed ${retried === 1 ? "delivery" : "deliveries"}.`,
  };
}
