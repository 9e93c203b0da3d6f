import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { BadRequest } from "../../errors";
import { findNewsletter } from "../present";
import { startSend } from "./start-send";

/**
 * Announces a pairing's matches with an approved newsletter that links it, by starting its send
 * (its messages queued in the outbox, which is woken once they are committed; a published round
 * without one queues the short announcement instead: queue-announcement.ts). `claim` is taken in
 * the transaction that starts the send.
 */
export async function announceWithNewsletter(
  ctx: AppContext,
  pairingFile: string,
  newsletterId: number,
  claim?: (tx: Tx) => Promise<boolean>,
): Promise<{ queued: number }> {
  const newsletter = await findNewsletter(ctx, newsletterId);
  if (newsletter.pairingFile !== pairingFile) {
    throw new BadRequest("This newsletter announces another pairing.", "other_pairing");
  }
  const started = await startSend(ctx, newsletter.id, { claim });
  return { queued: started.total };
}
