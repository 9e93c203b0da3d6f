import type { WebClient } from "@slack/web-api";
import type { AppContext } from "../context";
import type { ChatDeliveryRow } from "../db/schema";
import { recordChatProgress } from "./ledger";

/** A conversation Slack opened and the Slack ids of exactly the people it was opened with. */
export interface Conversation {
  channel: string;
  members: string[];
}

/** The conversation recorded in a delivery's result, when it names its members. */
export function recordedConversation(result: unknown): Conversation | null {
  const { channel, members } = (result ?? {}) as { channel?: unknown; members?: unknown };
  if (typeof channel !== "string" || !Array.isArray(members)) return null;
  return { channel, members: members.map(String) };
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * The conversation of exactly `slackUserIds` (docs/chat.md, "Deliveries"): one opened on an earlier
 * attempt of this row, or one given (the intro's, for a nudge), is reused only while its members
 * are the same people; otherwise — someone left the match or joined it — a conversation of the
 * people now in it is opened and kept on the row, so nobody who left reads on and nobody new is
 * left out.
 */
export async function conversationOf(
  ctx: AppContext,
  client: WebClient,
  row: ChatDeliveryRow,
  slackUserIds: string[],
  earlier: Conversation | null = null,
): Promise<Conversation> {
  for (const known of [recordedConversation(row.result), earlier]) {
    if (known && sameMembers(known.members, slackUserIds)) return known;
  }
  const opened = await client.conversations.open({
    users: slackUserIds.join(","),
    return_im: false,
  });
  const channel = opened.channel?.id;
  if (!channel)
    throw Object.assign(new Error("Slack opened no conversation."), { code: "no_channel" });
  const conversation = { channel, members: [...slackUserIds].sort() };
  await recordChatProgress(ctx.db, row, { ...conversation });
  return conversation;
}
