import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { afterCommit } from "../db/after-commit";
import type { Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { outboxTrigger } from "../job-triggers";
import type { QueuedKind } from "./message-kind";

/**
 * Queues again, in the caller's transaction, the failed messages of `kind` with this once key (a
 * round announcement's, from its send log's "Retry failed deliveries"): pending now over this
 * process's mail transport, their attempts and outcome cleared; sent ones are never touched. The
 * outbox job is woken once the transaction has committed. Answers how many.
 */
export async function requeueFailedMessages(
  ctx: Pick<AppContext, "clock" | "mailer" | "jobs">,
  tx: Tx,
  // biome-ignore lint/suspicious/noExplicitAny: only the kind's name and lane are read.
  kind: QueuedKind<any>,
  onceKey: string,
): Promise<number> {
  const requeued = await tx
    .update(outgoingMessages)
    .set({
      state: "pending",
      attempts: 0,
      nextAttemptAt: ctx.clock.now(),
      mailTransport: ctx.mailer.fingerprint,
      claimedUntil: null,
      claimedBy: null,
      firstFailedAt: null,
      errorCode: null,
      errorMessage: null,
    })
    .where(
      and(
        eq(outgoingMessages.kind, kind.name),
        eq(outgoingMessages.onceKey, onceKey),
        eq(outgoingMessages.state, "failed"),
      ),
    )
    .returning({ id: outgoingMessages.id });
  if (requeued.length > 0 && !kind.urgent) afterCommit(tx, () => ctx.jobs.wake(outboxTrigger));
  return requeued.length;
}
