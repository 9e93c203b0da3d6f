import type { AppContext } from "../context";
import { afterCommit } from "../db/after-commit";
import { insertAsJson } from "../db/bulk-insert";
import type { Db, Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { outboxTrigger, urgentOutboxTrigger } from "../job-triggers";
import type { QueuedKind } from "./message-kind";

/**
 * Rows per INSERT, each statement one JSON parameter (db/bulk-insert.ts): a newsletter's send
 * queues one per recipient, up to 100,000 in its request (docs/performance.md, "Newsletter send").
 */
const INSERT_BATCH = 5000;

/**
 * Queues one message of `kind` to each recipient, in the caller's transaction (`tx`; the database
 * itself outside one): the messages exist exactly when the change they tell about does. The
 * outbox job (its urgent lane for an urgent kind) is woken once the transaction has committed,
 * and renders each message at delivery (docs/mail.md). A kind that is not repeated queues nothing
 * for a recipient it already has a message of the same key for. `data` is the same for every
 * recipient, or made for each (a round's announcement names each person's match). Answers how
 * many messages were queued.
 */
export async function queueMessages<Data>(
  ctx: Pick<AppContext, "clock" | "mailer" | "jobs">,
  tx: Tx | Db,
  kind: QueuedKind<Data>,
  recipients: readonly string[],
  data: Data | ((recipient: string) => Data),
): Promise<number> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return 0;
  const now = ctx.clock.now();
  const dataFor = (recipient: string) =>
    typeof data === "function" ? (data as (recipient: string) => Data)(recipient) : data;
  let queued = 0;
  for (let from = 0; from < unique.length; from += INSERT_BATCH) {
    const rows = unique.slice(from, from + INSERT_BATCH).map((recipient) => {
      const message = dataFor(recipient);
      return {
        kind: kind.name,
        recipient,
        data: message,
        onceKey: kind.onceKey?.(message) ?? null,
        mailTransport: ctx.mailer.fingerprint,
        urgent: kind.urgent ?? false,
        nextAttemptAt: now,
        createdAt: now,
      };
    });
    const inserted = await insertAsJson(tx, outgoingMessages, rows, {
      onConflictDoNothing: true,
      returning: "id",
    });
    queued += inserted.length;
  }
  const lane = kind.urgent ? urgentOutboxTrigger : outboxTrigger;
  if (queued > 0) afterCommit(tx, () => ctx.jobs.wake(lane));
  return queued;
}
