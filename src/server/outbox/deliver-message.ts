import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";
import { type BackoffSettings, backoffDelayMs } from "../mail/mail-failure";
import { type MailMessage, toMailSendError } from "../mail/mailer";
import { renderEmail } from "../mail/render-email";
import { kindNamed } from "./kinds/registry";
import { NoLongerFor } from "./message-kind";

export interface DeliverySettings {
  /** The wait before the next try after a transient failure (mail/mail-failure.ts). */
  retry: BackoffSettings;
  /** How long a message keeps being retried after its first transient failure in a row. */
  horizonMs: number;
  /** The server's logger: a message that failed for good (never its content). */
  warn: (line: string) => void;
}

/** 2 s doubling up to 10 min (with jitter), as the newsletter deliveries wait (docs/newsletters.md). */
export const DEFAULT_OUTBOX_RETRY: BackoffSettings = { baseMs: 2000, capMs: 10 * 60_000 };

/**
 * Sends one claimed message: renders it from its kind and data, sends it with a Message-ID of its
 * own row (a resend after a crash between the send and its record carries the same one), and
 * records the outcome. A transient failure (the server out of reach, a 4xx) puts it back with a
 * backoff until the horizon has passed; a permanent one, or a message that cannot be built, fails
 * it. The first message that goes out after an outage makes the others waiting on it due at once.
 */
export async function deliverMessage(
  ctx: AppContext,
  row: OutgoingMessageRow,
  settings: DeliverySettings,
): Promise<"sent" | "retry" | "failed"> {
  let message: MailMessage;
  try {
    message = await buildMessage(ctx, row);
  } catch (error) {
    const code = error instanceof NoLongerFor ? error.code : "ERENDER";
    await fail(ctx, row, code, (error as Error).message, settings);
    return "failed";
  }
  try {
    await ctx.mailer.send(message);
  } catch (caught) {
    const error = toMailSendError(caught);
    return recordFailure(ctx, row, error, settings);
  }
  await recordSent(ctx, row);
  return "sent";
}

async function buildMessage(ctx: AppContext, row: OutgoingMessageRow): Promise<MailMessage> {
  const kind = kindNamed(row.kind);
  if (!kind) throw new Error(`No message kind "${row.kind}" in the registry.`);
  const rendered = await kind.render(ctx, row.data as never, row.recipient);
  const { html, text } = await renderEmail(rendered.template);
  return {
    to: row.recipient,
    subject: rendered.subject,
    html,
    text,
    kind: kind.mailKind,
    headers: rendered.headers,
    calendar: rendered.calendar,
    messageId: `<outbox-${row.id}@${new URL(ctx.config.appUrl).hostname}>`,
  };
}

async function recordSent(ctx: AppContext, row: OutgoingMessageRow): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(outgoingMessages)
    .set({
      state: "sent",
      sentAt: now,
      claimedUntil: null,
      firstFailedAt: null,
      errorCode: null,
      errorMessage: null,
    })
    .where(eq(outgoingMessages.id, row.id));
  if (row.firstFailedAt) {
    // The server is back: what waits for its own backoff to end goes now.
    await ctx.db
      .update(outgoingMessages)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(outgoingMessages.state, "pending"),
          eq(outgoingMessages.mailTransport, row.mailTransport),
          isNotNull(outgoingMessages.firstFailedAt),
        ),
      );
  }
}

async function recordFailure(
  ctx: AppContext,
  row: OutgoingMessageRow,
  error: { code: string; message: string; permanent: boolean },
  settings: DeliverySettings,
): Promise<"retry" | "failed"> {
  const now = ctx.clock.now();
  const firstFailedAt = row.firstFailedAt ?? now;
  const givenUp = now.getTime() - firstFailedAt.getTime() >= settings.horizonMs;
  if (error.permanent || givenUp) {
    const reason = error.permanent
      ? error.message
      : `The mail server could not take it for ${settings.horizonMs / 3_600_000} h; gave up. Last error: ${error.message}`;
    await fail(ctx, row, error.code, reason, settings);
    return "failed";
  }
  await ctx.db
    .update(outgoingMessages)
    .set({
      nextAttemptAt: new Date(now.getTime() + backoffDelayMs(row.attempts, settings.retry)),
      claimedUntil: null,
      claimedBy: null,
      firstFailedAt,
      errorCode: error.code,
      errorMessage: error.message,
    })
    .where(and(eq(outgoingMessages.id, row.id), eq(outgoingMessages.state, "pending")));
  return "retry";
}

async function fail(
  ctx: AppContext,
  row: OutgoingMessageRow,
  code: string,
  reason: string,
  settings: DeliverySettings,
): Promise<void> {
  if (code !== "not_a_recipient") {
    settings.warn(`Outbox: the ${row.kind} message ${row.id} failed: ${code} ${reason}`);
  }
  await ctx.db
    .update(outgoingMessages)
    .set({ state: "failed", claimedUntil: null, errorCode: code, errorMessage: reason })
    .where(and(eq(outgoingMessages.id, row.id), eq(outgoingMessages.state, "pending")));
}
