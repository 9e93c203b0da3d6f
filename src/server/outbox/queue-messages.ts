import type { AppContext } from "../context";
import { afterCommit } from "../db/after-commit";
import type { Db, Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { outboxTrigger, urgentOutboxTrigger } from "../job-triggers";
import type { MessageKind } from "./message-kind";

/**
 * Queues one message of `kind` to each recipient, in the caller's transaction (`tx`; the database
 * itself outside one): the messages exist exactly when the change they tell about does. The
 * outbox job (its urgent lane for an urgent kind) is woken once the transaction has committed,
 * and renders each message at delivery (docs/mail.md). A kind that is not repeated queues nothing
 * for a recipient it already has a message of the same key for. Answers how many messages were
 * queued.
 */
export async function queueMessages<Data>(
  ctx: Pick<AppContext, "clock" | "mailer" | "jobs">,
  tx: Tx | Db,
  kind: MessageKind<Data>,
  recipients: readonly string[],
  data: Data,
): Promise<number> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return 0;
  const now = ctx.clock.now();
  const onceKey = kind.onceKey?.(data) ?? null;
  const queued = await tx
    .insert(outgoingMessages)
    .values(
      unique.map((recipient) => ({
        kind: kind.name,
        recipient,
        data,
        onceKey,
        mailTransport: ctx.mailer.fingerprint,
        urgent: kind.urgent ?? false,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outgoingMessages.id });
  const lane = kind.urgent ? urgentOutboxTrigger : outboxTrigger;
  if (queued.length > 0) afterCommit(tx, () => ctx.jobs.wake(lane));
  return queued.length;
}
