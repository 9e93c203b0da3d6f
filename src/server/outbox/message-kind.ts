import type { ReactElement } from "react";
import type { ZodType } from "zod";
import type { OtherChannel } from "../../shared/channels";
import type { MailKind } from "../../shared/enums";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import type { MailCalendarPart } from "../mail/mailer";

/**
 * What a message is made of at delivery: its subject and template (or its body already rendered),
 * and any extra headers.
 */
export type RenderedMessage = TemplateMessage | (MessageParts & PreparedBody);

/** A message rendered from its template by the outbox: what most kinds give. */
export type TemplateMessage = MessageParts & TemplateBody;

/** A template of `src/server/mail/templates/`; the outbox renders it to HTML and text. */
interface TemplateBody {
  template: ReactElement;
}

/**
 * The body already rendered, from layouts the kind's `prepareBatch` rendered once for many
 * recipients (mail/layout-renderer.ts: a newsletter renders each layout once, not React per person).
 */
interface PreparedBody {
  html: string;
  text: string;
  /** base64 spares the per-message scan of a long HTML body (MailMessage.textEncoding). */
  textEncoding?: "base64";
}

interface MessageParts {
  subject: string;
  headers?: Record<string, string>;
  /** A sign-in code, which the outbox mail transport prints on the console (docs/sign-in.md). */
  signInCode?: string;
  /** A calendar invitation or cancellation it carries as its text/calendar part. */
  calendar?: MailCalendarPart;
}

/**
 * Thrown by a kind's render for a recipient the message is no longer for (deactivated since, no
 * longer in the match it announces): the message fails as not sent, without a warning.
 */
export class NoLongerFor extends Error {
  readonly code = "not_a_recipient";
}

/**
 * An e-mail kind (docs/mail.md, "Adding a message"): one file in `kinds/` beside nothing but its
 * template's import, and a line in the one registry (jobs/message-kinds.ts), declared
 * `{ … } satisfies MessageKind<Data>`. `Data` is what the sender queues, stored as JSON on each
 * row, so it holds plain values only (dates as ISO strings); the sender queues the kind itself.
 */
export interface MessageKind<Data, Prepared = undefined> extends QueuedKind<Data> {
  /** How the outbox mail transport files it (`mail_outbox.kind`). */
  readonly mailKind: MailKind;
  /**
   * Who receives it, when the kind decides (the admins, the operator): the sender queues to
   * these addresses. A kind whose sender names the recipients has none.
   */
  audience?(db: Db | Tx, data: Data): Promise<string[]>;
  /** E-mail: a message kind has no other channel. */
  readonly channel?: undefined;
  /**
   * Its data holds a secret in `secret` (a code, a link token): erased from the row once the
   * message is sent or has failed, so the table keeps no live secret.
   */
  readonly carriesSecret?: true;
  /** Not sent by then, it is not sent at all: the row fails as `EEXPIRED`. */
  sendBy?(data: Data): Date;
  /**
   * At delivery, before it is rendered: why it must not go out after all (said in the server's
   * log), or null. The row fails as `EWITHHELD`.
   */
  withhold?(ctx: AppContext, data: Data, recipient: string): Promise<string | null>;
  /** Once it has failed for good, in that transaction: undo what it carried (withdraw a code). */
  onFailed?(tx: Tx, data: Data): Promise<void>;
  /**
   * Before a claimed batch's messages of this kind are rendered: reads once what they share (the
   * proposed times of a round announcement's matches, once per match), handed to `render` as
   * `prepared`. When it throws, each message renders without it.
   */
  prepareBatch?(
    ctx: AppContext,
    batch: ReadonlyArray<{ data: Data; recipient: string }>,
  ): Promise<Prepared>;
  /** Builds the message for one recipient, at delivery. */
  render(
    ctx: AppContext,
    data: Data,
    recipient: string,
    prepared?: Prepared,
  ): Promise<RenderedMessage> | RenderedMessage;
}

/**
 * What a sender needs of a kind to queue it (queue.ts): the name its rows carry, its channel, its
 * key and its lane. `To` is whom one message goes to: an e-mail address, or for a message on
 * another channel the match, person or endpoint it is about (`ChannelTarget`), which the row
 * carries in its own columns. Every `MessageKind` is one (docs/mail.md, "Adding a message").
 */
export interface QueuedKind<Data, To = string> {
  /** Kebab-case for an e-mail kind; a channel's kinds keep the names their rows always had. */
  readonly name: string;
  /**
   * Its payload's shape: a row's `data` is parsed with it when read, so `render`, a channel's
   * transport and the rest get checked data, and a row that does not match is given up (`EDATA`,
   * said in the server's log) instead of being sent as nonsense or stopping the worker.
   */
  readonly schema: ZodType<Data>;
  /** E-mail unless it names another channel (docs/chat.md, "Adding a channel"). */
  readonly channel?: OtherChannel;
  /** Not repeated: one message per recipient and key; queueing it again does nothing. */
  onceKey?(data: Data, to: To): string;
  /** Delivered by the urgent e-mail lane (docs/mail.md, "Urgent kinds"). */
  readonly urgent?: true;
}

/**
 * Whom a message on a channel besides e-mail goes to, kept in the row's own columns; `occasion`
 * tells apart messages to the same target (an event's occurrence), for the kind's once-key only.
 */
export interface ChannelTarget {
  occasion?: string;
  /** A webhook call's endpoint: its lane is the endpoint's (channels.ts). */
  endpointId?: number | null;
  matchId?: number | null;
  userId?: string | null;
  /** An intro's member named to organise (counted to rotate the role fairly). */
  organiserId?: string | null;
}

/** A kind of a channel besides e-mail (Slack, Teams, webhooks): queued to a `ChannelTarget`. */
export type ChannelKind<Data, To extends ChannelTarget = ChannelTarget> = QueuedKind<Data, To> & {
  readonly channel: OtherChannel;
};

/** Finds the kind a queued row names (jobs/message-kinds.ts, the one registry). */
// biome-ignore lint/suspicious/noExplicitAny: a row's kind is known only by its name.
export type KindLookup = (name: string) => MessageKind<any, any> | undefined;

/** Finds the kind a queued row of a channel besides e-mail names, by channel and name. */
export type ChannelKindLookup = (
  channel: string,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: a row's kind is known only by its name.
) => ChannelKind<any, any> | undefined;
