import type { AppContext } from "../context";
import { afterCommit } from "../db/after-commit";
import { insertAsJson } from "../db/bulk-insert";
import type { Db, Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { type JobTrigger, outboxTrigger, urgentOutboxTrigger } from "../job-triggers";
import { laneFor } from "./channels";
import type { ChannelTarget, QueuedKind } from "./message-kind";

/**
 * Rows per INSERT, each statement one JSON parameter (db/bulk-insert.ts): a newsletter's send
 * queues one per recipient, up to 100,000 in its request (docs/performance.md, "Newsletter send").
 */
const INSERT_BATCH = 5000;

type Queuer = Pick<AppContext, "clock" | "mailer" | "jobs">;
type NewRow = typeof outgoingMessages.$inferInsert;

/**
 * Writes rows of the one table in the caller's transaction, skipping any already queued under
 * the same once key, and wakes the worker of `trigger` once the transaction has committed (at
 * once outside one): every message queued is woken for, whoever queued it (decision 0072).
 */
async function insertMessages(
  ctx: Queuer,
  tx: Tx | Db,
  rows: NewRow[],
  trigger: JobTrigger,
): Promise<number> {
  let queued = 0;
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const inserted = await insertAsJson(
      tx,
      outgoingMessages,
      rows.slice(from, from + INSERT_BATCH),
      {
        onConflictDoNothing: true,
        returning: "id",
      },
    );
    queued += inserted.length;
  }
  if (queued > 0) afterCommit(tx, () => ctx.jobs.wake(trigger));
  return queued;
}

/**
 * Queues one message of `kind` to each recipient, in the caller's transaction (`tx`; the database
 * itself outside one): the messages exist exactly when the change they tell about does. E-mail,
 * Slack, Teams and webhook calls alike (decision 0072): a recipient is an e-mail address, or for
 * a kind of another channel the match, person or endpoint the message goes to, and the row's lane
 * follows from its channel (channels.ts). The one worker (its urgent lane for an urgent kind) is
 * woken once the transaction has committed, and renders or sends each message at delivery
 * (docs/mail.md). A kind with a once-key queues nothing for a recipient it already has a message
 * of the same key for. `data` is the same for every recipient, or made for each (a round's
 * announcement names each person's match). Answers how many messages were queued.
 */
export async function queue<Data, To = string, Recipient extends To = To>(
  ctx: Queuer,
  tx: Tx | Db,
  kind: QueuedKind<Data, To>,
  recipients: readonly Recipient[],
  data: Data | ((recipient: Recipient) => Data),
): Promise<number> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return 0;
  const now = ctx.clock.now();
  const dataFor = (recipient: Recipient) =>
    typeof data === "function" ? (data as (recipient: Recipient) => Data)(recipient) : data;
  const urgent = kind.urgent ?? false;
  const rows = unique.map((recipient): NewRow => {
    const message = dataFor(recipient);
    const common = {
      kind: kind.name,
      data: message,
      onceKey: kind.onceKey?.(message, recipient) ?? null,
      nextAttemptAt: now,
      createdAt: now,
    };
    if (!kind.channel) {
      return {
        ...common,
        recipient: String(recipient),
        mailTransport: ctx.mailer.fingerprint,
        urgent,
        channel: "email",
        lane: laneFor({ channel: "email", urgent }),
      };
    }
    const { endpointId, matchId, userId, organiserId } = recipient as ChannelTarget;
    const lane = laneFor({ channel: kind.channel, endpointId });
    return {
      ...common,
      endpointId,
      matchId,
      userId,
      organiserId,
      // A channel's message is addressed to its lane: its once-key is kept per lane.
      recipient: lane,
      mailTransport: kind.channel,
      channel: kind.channel,
      lane,
    };
  });
  return insertMessages(ctx, tx, rows, urgent ? urgentOutboxTrigger : outboxTrigger);
}
