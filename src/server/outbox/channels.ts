import type { Channel } from "../../shared/channels";
import type { OutgoingMessageRow } from "../db/schema";

/**
 * The lane a message is delivered in, stored on its row (decision 0072): e-mail's two lanes (the
 * urgent one apart, docs/mail.md "Urgent kinds"), Slack one message at a time (its rate limits
 * answer Retry-After, which holds the lane), and each webhook endpoint one at a time. A new
 * channel's messages take a lane of its name unless it says otherwise here.
 */
export function laneFor(message: {
  channel: Channel;
  urgent?: boolean;
  endpointId?: number | null;
}): string {
  if (message.channel === "email") return message.urgent ? "email:urgent" : "email";
  if (message.channel === "webhook") return `webhook:${message.endpointId ?? "removed"}`;
  return message.channel;
}

/**
 * What one attempt at sending a message on a channel came to (docs/chat.md, "Adding a channel"):
 * the engine records it, backs off, gives up after the horizon and keeps the lane's order.
 */
export type SendOutcome =
  | { kind: "sent"; result: Record<string, unknown> }
  /** Try again: after `afterMs` when the other side said so (Retry-After), else with backoff. */
  | { kind: "retry"; error: string; afterMs?: number }
  | {
      kind: "ended";
      state: "failed" | "skipped";
      error: string;
      /** A webhook receiver answered 410 Gone: its endpoint is turned off (docs/chat.md). */
      endpointGone?: boolean;
      /** A skipped Slack intro whose members must be told by e-mail instead (docs/chat.md). */
      tellByEmail?: boolean;
    };

/**
 * A channel's transport: sends one claimed row and says how it went; it never writes the row
 * itself (the engine does, only while its claim holds). `timeoutMs` bounds a call to a receiver.
 */
export type ChannelTransport = (
  row: OutgoingMessageRow,
  options: { timeoutMs?: number },
) => Promise<SendOutcome>;
