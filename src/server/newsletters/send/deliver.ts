import type { AppContext } from "../../context";
import type { ProposedTimesView } from "../../mail/templates/views";
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
  times: ProposedTimesView | null = null,
): ComposedMessage | FailedAttempt {
  if (isFailure(composition)) return composition;
  if (!delivery.userId) {
    return buildFailure(new Error("The recipient's account no longer exists."));
  }
  try {
    const message = composition.messageFor(
      { userId: delivery.userId ?? "", email: delivery.recipientEmail },
      times,
    );
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

/**
 * The times the delivery's e-mail proposes for the recipient's match (docs/scheduling.md); none
 * when they cannot be read (the calendar out of reach): the announcement goes out without them.
 */
export async function deliveryTimes(
  composition: Composition | FailedAttempt,
  delivery: ClaimedDelivery,
  log: (line: string) => void,
): Promise<ProposedTimesView | null> {
  if (isFailure(composition) || !delivery.userId) return null;
  try {
    return await composition.timesFor({ userId: delivery.userId });
  } catch (error) {
    log(
      `Newsletter delivery ${delivery.id} goes without proposed times: ${(error as Error).message}`,
    );
    return null;
  }
}

/**
 * Reads the times a claimed batch's match e-mails propose once per match (docs/scheduling.md,
 * "Booking from an e-mail"), before its deliveries are walked; when that fails, each delivery
 * reads its own (`deliveryTimes`).
 */
export async function prepareBatchTimes(
  compositionOf: (newsletterId: number) => Promise<Composition | FailedAttempt>,
  batch: readonly ClaimedDelivery[],
  log: (line: string) => void,
): Promise<void> {
  for (const newsletterId of new Set(batch.map((delivery) => delivery.newsletterId))) {
    const composition = await compositionOf(newsletterId);
    if (isFailure(composition)) continue;
    const readers = batch.flatMap((delivery) =>
      delivery.newsletterId === newsletterId && delivery.userId
        ? [{ userId: delivery.userId }]
        : [],
    );
    try {
      await composition.prepareTimes(readers);
    } catch (error) {
      log(`Newsletter ${newsletterId}: the batch's proposed times: ${(error as Error).message}`);
    }
  }
}
