import type { AppContext } from "../../context";
import { NotARecipient } from "../newsletter-message";
import type { ClaimedDelivery } from "./ledger";
import type { PreparedNewsletter } from "./messages";
import {
  assertCarriable,
  buildFailure,
  classifyFailure,
  type FailedAttempt,
  renderFailure,
} from "./outcome";
import { type RetryRules, recordFailure } from "./retries";

export interface DeliverOptions {
  retry: Omit<RetryRules, "now">;
  /** The host part of every Message-ID (APP_URL's host). */
  messageIdHost: string;
  /** Records a sent delivery; resolves once the ledger says so (sent-recorder.ts). */
  recordSent: (id: number, messageId: string) => Promise<void>;
}

/**
 * The Message-ID of a delivery: the same on every attempt and in every process, so a message sent
 * twice across a crash is recognisable as one (and mail systems may drop the copy).
 */
export function deliveryMessageId(delivery: ClaimedDelivery, host: string): string {
  return `<newsletter-${delivery.newsletterId}-${delivery.id}@${host}>`;
}

/** Sends one claimed delivery and records the outcome in the ledger. */
export async function deliverOne(
  ctx: AppContext,
  delivery: ClaimedDelivery,
  prepared: PreparedNewsletter | FailedAttempt,
  options: DeliverOptions,
): Promise<"sent" | "retry" | "failed"> {
  const fail = (failure: FailedAttempt) =>
    recordFailure(ctx.db, delivery, failure, { ...options.retry, now: ctx.clock.now() });
  if ("retry" in prepared) return fail(prepared);
  if (!delivery.userId) {
    return fail(buildFailure(new Error("The recipient's account no longer exists.")));
  }
  let message: Awaited<ReturnType<PreparedNewsletter["messageFor"]>>;
  try {
    message = await prepared.messageFor({
      userId: delivery.userId,
      email: delivery.recipientEmail,
    });
  } catch (error) {
    return fail(error instanceof NotARecipient ? buildFailure(error) : renderFailure(error));
  }
  try {
    assertCarriable(message);
  } catch (error) {
    return fail(renderFailure(error));
  }
  const messageId = deliveryMessageId(delivery, options.messageIdHost);
  try {
    await ctx.mailer.send({ ...message, kind: "newsletter", messageId, textEncoding: "base64" });
  } catch (error) {
    return fail(classifyFailure(error));
  }
  await options.recordSent(delivery.id, messageId);
  return "sent";
}
