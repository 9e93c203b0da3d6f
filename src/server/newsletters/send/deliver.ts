import type { AppContext } from "../../context";
import { type ComposedMessage, type Composition, NotARecipient } from "../compose/composer";
import type { ClaimedDelivery } from "./ledger";
import {
  assertCarriable,
  buildFailure,
  classifyFailure,
  type FailedAttempt,
  renderFailure,
} from "./outcome";

/**
 * The Message-ID of a delivery: the same on every attempt and in every process, so a message sent
 * twice across a crash is recognisable as one (and mail systems may drop the copy).
 */
export function deliveryMessageId(delivery: ClaimedDelivery, host: string): string {
  return `<newsletter-${delivery.newsletterId}-${delivery.id}@${host}>`;
}

export const isFailure = (value: object): value is FailedAttempt => "retry" in value;

/**
 * One claimed delivery's e-mail from its newsletter's composition, or why it cannot be built: the
 * account is gone or no longer receives it (a plain failure), or the e-mail could not be built or
 * holds characters mail cannot carry (a render failure, which holds the send back).
 */
export function composeDelivery(
  composition: Composition | FailedAttempt,
  delivery: ClaimedDelivery,
): ComposedMessage | FailedAttempt {
  if (isFailure(composition)) return composition;
  if (!delivery.userId) {
    return buildFailure(new Error("The recipient's account no longer exists."));
  }
  try {
    const message = composition.messageFor({
      userId: delivery.userId ?? "",
      email: delivery.recipientEmail,
    });
    assertCarriable(message);
    return message;
  } catch (error) {
    return error instanceof NotARecipient ? buildFailure(error) : renderFailure(error);
  }
}

/** Sends one delivery's e-mail; its Message-ID once the server accepted it, or the failure. */
export async function sendDelivery(
  ctx: AppContext,
  delivery: ClaimedDelivery,
  message: ComposedMessage,
  messageIdHost: string,
): Promise<{ messageId: string } | FailedAttempt> {
  const messageId = deliveryMessageId(delivery, messageIdHost);
  try {
    await ctx.mailer.send({ ...message, kind: "newsletter", messageId, textEncoding: "base64" });
    return { messageId };
  } catch (error) {
    return classifyFailure(error);
  }
}
