import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";
import { runSimpleStatement } from "../db/simple-statement";
import { escapeHtml } from "../mail/layout-renderer";
import { type BackoffSettings, backoffDelayMs } from "../mail/mail-failure";
import { type MailMessage, toMailSendError } from "../mail/mailer";
import { renderEmail } from "../mail/render-email";
import { countFailedAttempt, countSent } from "../monitoring/delivery-counters";
import { withoutAddresses } from "./attempt-log";
import { type KindLookup, NoLongerFor } from "./message-kind";
import { readPayload } from "./read-payload";
import { pastHorizon } from "./retry-policy";

export interface DeliverySettings {
  /** The wait before the next try after a transient failure (mail/mail-failure.ts). */
  retry: BackoffSettings;
  /** The same for an urgent kind, which someone is waiting for (a sign-in code). */
  urgentRetry: BackoffSettings;
  /** How long a message keeps being retried after its first transient failure in a row. */
  horizonMs: number;
  /** The server's logger: a message that failed for good (never its content). */
  warn: (line: string) => void;
  /** Each attempt that failed and is tried again, as it happens (rate-limited: attempt-log.ts). */
  warnAttempt?: (line: string) => void;
  /**
   * The kind a row names: the outbox's own kinds and those of the features above it, assembled
   * by the delivery job (jobs/message-kinds.ts).
   */
  kindNamed: KindLookup;
}

/** The one retry policy of every channel (retry-policy.ts). */
export { DEFAULT_RETRY as DEFAULT_OUTBOX_RETRY, DEFAULT_URGENT_RETRY } from "./retry-policy";

type AnyKind = NonNullable<ReturnType<KindLookup>>;

/**
 * Sends one claimed message: renders it from its kind and data, sends it with a Message-ID of its
 * own row (a resend after a crash between the send and its record carries the same one), and
 * records the outcome. A transient failure (the server out of reach, a 4xx) puts it back with a
 * backoff until the horizon has passed; a permanent one, or a message that cannot be built, fails
 * it. The first message that goes out after an outage makes the others waiting on it due at once.
 * A message past its kind's `sendBy`, or one its kind withholds, fails before it is rendered.
 * `prepared` is what its kind's `prepareBatch` read for the batch the message was claimed in;
 * `record` records it sent (by default at once; the delivery job's lanes by group commit).
 */
export async function deliverMessage(
  ctx: AppContext,
  row: OutgoingMessageRow,
  settings: DeliverySettings,
  prepared?: unknown,
  record: (row: OutgoingMessageRow) => Promise<void> = (sent) => recordSent(ctx, [sent], settings),
): Promise<"sent" | "retry" | "failed"> {
  const kind = settings.kindNamed(row.kind);
  const payload = readPayload(kind, row);
  if (!kind || "unreadable" in payload) {
    const reason = "unreadable" in payload ? payload.unreadable : "";
    await fail(ctx, row, kind ? "EDATA" : "ERENDER", reason, settings);
    return "failed";
  }
  row = { ...row, data: payload.data };
  if (await notToBeSent(ctx, kind, row, settings)) return "failed";
  let message: MailMessage;
  try {
    message = await buildMessage(ctx, kind, row, prepared);
  } catch (error) {
    const code = error instanceof NoLongerFor ? error.code : "ERENDER";
    await fail(ctx, row, code, (error as Error).message, settings);
    return "failed";
  }
  try {
    await ctx.mailer.send(message);
  } catch (caught) {
    const error = toMailSendError(caught);
    const outcome = await recordFailure(ctx, row, error, settings);
    countFailedAttempt(row.kind, row.urgent, outcome);
    return outcome;
  }
  countSent(row.kind, row.urgent);
  await record(row);
  return "sent";
}

/**
 * Too late (past `sendBy`: the code in it has no use now, docs/mail.md "Urgent kinds"), or
 * withheld by its kind (a deactivated account's sign-in mail). A withheld message undoes
 * nothing: the request that queued it must leave the same traces for every account.
 */
async function notToBeSent(
  ctx: AppContext,
  kind: AnyKind,
  row: OutgoingMessageRow,
  settings: DeliverySettings,
): Promise<boolean> {
  const sendBy = kind.sendBy?.(row.data);
  if (sendBy && sendBy <= ctx.clock.now()) {
    await fail(ctx, row, "EEXPIRED", "Not sent within its time, so not sent at all.", settings);
    return true;
  }
  const withheld = await kind.withhold?.(ctx, row.data, row.recipient);
  if (!withheld) return false;
  settings.warn(withheld);
  await ctx.db
    .update(outgoingMessages)
    .set({ ...settled(kind), state: "failed", errorCode: "EWITHHELD", errorMessage: withheld })
    .where(and(eq(outgoingMessages.id, row.id), eq(outgoingMessages.state, "pending")));
  return true;
}

/** What a row that is done with (sent or failed) keeps: no lease, and no secret. */
function settled(kind: AnyKind | undefined) {
  const secret = kind?.carriesSecret;
  return {
    claimedUntil: null,
    ...(secret ? { data: sql`${outgoingMessages.data} - 'secret'` } : {}),
  };
}

async function buildMessage(
  ctx: AppContext,
  kind: AnyKind,
  row: OutgoingMessageRow,
  prepared: unknown,
): Promise<MailMessage> {
  const rendered = await kind.render(ctx, row.data, row.recipient, prepared);
  const { html, text } = "template" in rendered ? await renderEmail(rendered.template) : rendered;
  return {
    to: row.recipient,
    subject: rendered.subject,
    html: titled(html, rendered.subject),
    text,
    kind: kind.mailKind,
    headers: rendered.headers,
    signInCode: rendered.signInCode,
    calendar: rendered.calendar,
    textEncoding: "textEncoding" in rendered ? rendered.textEncoding : undefined,
    messageId: `<outbox-${row.id}@${new URL(ctx.config.appUrl).hostname}>`,
  };
}

/**
 * Every e-mail has a `<title>` (docs/mail.md, "Templates"): the templates write their own; a body
 * without one (a layout an admin wrote, a kind of its own) gets its subject as the title.
 */
export function titled(html: string, subject: string): string {
  if (/<title>[^<]*\S[^<]*<\/title>/i.test(html)) return html;
  const title = `<title>${escapeHtml(subject)}</title>`;
  const untitled = html.replace(/<title>\s*<\/title>/i, "");
  if (/<head(\s[^>]*)?>/i.test(untitled))
    return untitled.replace(/<head(\s[^>]*)?>/i, (m) => `${m}${title}`);
  return `<!DOCTYPE html><html><head>${title}</head><body>${untitled}</body></html>`;
}

/**
 * Marks sent messages in one UPDATE (a second one for those of a kind that carries a secret,
 * which has it erased). A message that had been failing means the server is back: what waits on
 * its transport for its own backoff to end goes now.
 */
export async function recordSent(
  ctx: AppContext,
  rows: readonly OutgoingMessageRow[],
  settings: Pick<DeliverySettings, "kindNamed">,
): Promise<void> {
  const now = ctx.clock.now();
  const secret = (row: OutgoingMessageRow) => Boolean(settings.kindNamed(row.kind)?.carriesSecret);
  for (const erase of [false, true]) {
    const ids = rows.filter((row) => secret(row) === erase).map((row) => row.id);
    if (ids.length > 0) await markSent(ctx, ids, now, erase);
  }
  for (const transport of new Set(
    rows.filter((r) => r.firstFailedAt).map((r) => r.mailTransport),
  )) {
    await ctx.db
      .update(outgoingMessages)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(outgoingMessages.state, "pending"),
          eq(outgoingMessages.mailTransport, transport),
          isNotNull(outgoingMessages.firstFailedAt),
        ),
      );
  }
}

/**
 * The sent mark, the one statement a message costs once sent (a group of them, by the lanes'
 * group commit): its values written in the text, run over the simple protocol
 * (db/simple-statement.ts). The ids are the claimed rows' own whole numbers (checked again here)
 * and the time is the clock's as `toISOString` writes it, so nothing else can reach the text.
 */
async function markSent(ctx: AppContext, ids: number[], now: Date, eraseSecret: boolean) {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`Not a message id: ${id}`);
  await runSimpleStatement(
    ctx.db,
    `update outgoing_messages set state = 'sent', sent_at = '${now.toISOString()}', ` +
      "claimed_until = null, first_failed_at = null, error_code = null, error_message = null" +
      (eraseSecret ? ", data = data - 'secret'" : "") +
      ` where id in (${ids.join(", ")})`,
  );
}

async function recordFailure(
  ctx: AppContext,
  row: OutgoingMessageRow,
  error: { code: string; message: string; permanent: boolean },
  settings: DeliverySettings,
): Promise<"retry" | "failed"> {
  const now = ctx.clock.now();
  const firstFailedAt = row.firstFailedAt ?? now;
  const givenUp = pastHorizon(firstFailedAt, now, settings.horizonMs);
  if (error.permanent || givenUp) {
    const reason = error.permanent
      ? error.message
      : `The mail server could not take it for ${settings.horizonMs / 3_600_000} h; gave up. Last error: ${error.message}`;
    await fail(ctx, row, error.code, reason, settings);
    return "failed";
  }
  const retry = settings.kindNamed(row.kind)?.urgent ? settings.urgentRetry : settings.retry;
  const waitMs = backoffDelayMs(row.attempts, retry);
  settings.warnAttempt?.(
    `Outbox: the ${row.kind} message ${row.id} was not sent (attempt ${row.attempts}): ` +
      `${error.code} ${withoutAddresses(error.message)}; next try in ${Math.round(waitMs / 1000)} s`,
  );
  await ctx.db
    .update(outgoingMessages)
    .set({
      nextAttemptAt: new Date(now.getTime() + waitMs),
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
    settings.warn(
      `Outbox: the ${row.kind} message ${row.id} failed: ${code} ${withoutAddresses(reason)}`,
    );
  }
  const kind = settings.kindNamed(row.kind);
  await ctx.db.transaction(async (tx) => {
    const failed = await tx
      .update(outgoingMessages)
      .set({ ...settled(kind), state: "failed", errorCode: code, errorMessage: reason })
      .where(and(eq(outgoingMessages.id, row.id), eq(outgoingMessages.state, "pending")))
      .returning({ id: outgoingMessages.id });
    if (failed.length > 0) await kind?.onFailed?.(tx, row.data);
  });
}
