import type { ChatChannel, ChatMessageKind } from "../../shared/chat";
import type { AppContext } from "../context";
import { afterCommit } from "../db/after-commit";
import { insertAsJson } from "../db/bulk-insert";
import type { Db, Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import {
  chatDeliveryTrigger,
  type JobTrigger,
  outboxTrigger,
  urgentOutboxTrigger,
} from "../job-triggers";
import { laneFor } from "./channels";
import type { QueuedKind } from "./message-kind";

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
 * itself outside one): the messages exist exactly when the change they tell about does. The
 * delivery job (its urgent lane for an urgent kind) is woken once the transaction has committed,
 * and renders each message at delivery (docs/mail.md). A kind that is not repeated queues nothing
 * for a recipient it already has a message of the same key for. `data` is the same for every
 * recipient, or made for each (a round's announcement names each person's match). Answers how
 * many messages were queued.
 */
export async function queue<Data>(
  ctx: Queuer,
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
  const urgent = kind.urgent ?? false;
  const rows = unique.map((recipient): NewRow => {
    const message = dataFor(recipient);
    return {
      kind: kind.name,
      recipient,
      data: message,
      onceKey: kind.onceKey?.(message) ?? null,
      mailTransport: ctx.mailer.fingerprint,
      urgent,
      channel: "email",
      lane: laneFor({ channel: "email", urgent }),
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  return insertMessages(ctx, tx, rows, urgent ? urgentOutboxTrigger : outboxTrigger);
}

/** A Slack message or a webhook call, as its feature assembles it (docs/chat.md, "Deliveries"). */
export interface QueuedChatMessage {
  channel: ChatChannel;
  kind: ChatMessageKind;
  /** What makes the message one of a kind: a second queue of the same key adds nothing. */
  dedupeKey: string;
  payload: Record<string, unknown>;
  endpointId?: number | null;
  matchId?: number | null;
  userId?: string | null;
  organiserId?: string | null;
}

/**
 * Queues Slack messages and webhook calls into the same table, in the caller's transaction, each
 * once by its key, and wakes the chat channels' worker after the commit. Answers how many are new.
 */
export async function queueChatMessages(
  ctx: Queuer,
  tx: Tx | Db,
  messages: readonly QueuedChatMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const now = ctx.clock.now();
  const rows = messages.map((message): NewRow => {
    const lane = laneFor(message);
    return {
      channel: message.channel,
      kind: message.kind,
      endpointId: message.endpointId ?? null,
      matchId: message.matchId ?? null,
      userId: message.userId ?? null,
      organiserId: message.organiserId ?? null,
      recipient: lane,
      data: message.payload,
      onceKey: message.dedupeKey,
      mailTransport: message.channel,
      lane,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  return insertMessages(ctx, tx, rows, chatDeliveryTrigger);
}
