import { createHash } from "node:crypto";
import type { WebClient } from "@slack/web-api";
import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import { recordLaneProgress } from "../outbox/lane-ledger";

/**
 * A conversation Slack opened, and a digest of exactly the people it was opened with (never their
 * Slack ids: the send log holds no more about a person than the conversation's own id already does).
 */
export interface Conversation {
  channel: string;
  people: string;
}

/** The conversation recorded in a delivery's result, when it says whom it was opened with. */
export function recordedConversation(result: unknown): Conversation | null {
  const { channel, people } = (result ?? {}) as { channel?: unknown; people?: unknown };
  if (typeof channel !== "string" || typeof people !== "string") return null;
  return { channel, people };
}

const digestOf = (slackUserIds: readonly string[]) =>
  createHash("sha256")
    .update([...slackUserIds].sort().join(","))
    .digest("base64url")
    .slice(0, 22);

/**
 * The conversation of exactly `slackUserIds` (docs/chat.md, "Deliveries"): one opened on an earlier
 * attempt of this row, or one given (the intro's, for a nudge), is reused only while it was opened
 * with the same people; otherwise — someone left the match or joined it — a conversation of the
 * people now in it is opened and kept on the row, so nobody who left reads on and nobody new is
 * left out.
 */
export async function conversationOf(
  ctx: AppContext,
  client: WebClient,
  row: OutgoingMessageRow,
  slackUserIds: string[],
  earlier: Conversation | null = null,
): Promise<Conversation> {
  const people = digestOf(slackUserIds);
  for (const known of [recordedConversation(row.result), earlier]) {
    if (known?.people === people) return known;
  }
  const opened = await client.conversations.open({
    users: slackUserIds.join(","),
    return_im: false,
  });
  const channel = opened.channel?.id;
  if (!channel)
    throw Object.assign(new Error("Slack opened no conversation."), { code: "no_channel" });
  const conversation = { channel, people };
  await recordLaneProgress(ctx.db, row, { ...conversation });
  return conversation;
}
