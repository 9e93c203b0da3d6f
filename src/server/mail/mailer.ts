import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { MailCalendarPart, Mailer, MailMessage } from "../mail-transport";
import { printLine } from "../terminal";
import { isTransientMailError } from "./mail-failure";
import { mimeMessage } from "./mime-message";

/** The message types its callers name (their home is mail-transport.ts, below context.ts). */
export type { MailCalendarPart, MailMessage };

/**
 * SMTP failures keep their response code so callers can tell a refused recipient from a broken
 * server: 4xx replies and lost connections are transient (worth another try later), 5xx permanent.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly responseCode?: number,
    readonly permanent = false,
  ) {
    super(message);
  }

  get transient(): boolean {
    return !this.permanent;
  }
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  /** SMTP connections kept open; default 5. */
  poolSize?: number;
  log?: (line: string) => void;
}

export const DEFAULT_SMTP_POOL_SIZE = 5;

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, options.poolSize ?? DEFAULT_SMTP_POOL_SIZE)
    : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, from: string, poolSize: number): Mailer {
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: poolSize,
    // A pooled connection is reused for many messages; recycle it now and then.
    maxMessages: 1000,
  });
  return {
    transport: "smtp",
    fingerprint: transportFingerprint(smtpUrl),
    async send(message) {
      try {
        if (isBuiltWhole(message)) {
          await transporter.sendMail({
            envelope: { from, to: message.to },
            raw: mimeMessage({ ...message, from, date: new Date() }),
            // Not written again (the raw message has it), but spares nodemailer drawing one.
            messageId: message.messageId,
          });
          return { messageId: message.messageId };
        }
        const info = await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
          messageId: message.messageId,
          textEncoding: message.textEncoding,
          ...(message.calendar
            ? {
                icalEvent: {
                  method: message.calendar.method,
                  filename: "invite.ics",
                  content: message.calendar.content,
                },
              }
            : {}),
        });
        return { messageId: String(info.messageId) };
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    async verify() {
      await transporter.verify();
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * A message in base64 with an id of its own and no calendar part (a newsletter) is built whole
 * by mime-message.ts: a fifth to nearly a third less CPU than nodemailer's building it part by
 * part (decision 0090).
 */
function isBuiltWhole(
  message: MailMessage,
): message is MailMessage & { messageId: string; textEncoding: "base64" } {
  return message.textEncoding === "base64" && Boolean(message.messageId) && !message.calendar;
}

export function toMailSendError(error: unknown): MailSendError {
  if (error instanceof MailSendError) return error;
  const e = error as { message?: string; code?: string; responseCode?: number; response?: string };
  const responseCode = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const code = e.code ?? "ESEND";
  const permanent = !isTransientMailError({ code, responseCode });
  return new MailSendError(
    e.response ?? e.message ?? "Sending failed",
    code,
    responseCode,
    permanent,
  );
}

function createOutboxMailer({ db, from, log = printLine }: MailerOptions): Mailer {
  return {
    transport: "outbox",
    fingerprint: transportFingerprint(undefined),
    async send(message) {
      const links = extractLinks(message.text);
      const [row] = await db
        .insert(mailOutbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          fromAddress: from,
          subject: message.subject,
          html: message.html,
          text: message.text,
          links,
        })
        .returning({ id: mailOutbox.id });
      // Each link alone on its line: nothing after it that a terminal would take as part of it.
      const linkLines = links.map((l) => `\n    ${l}`).join("");
      const codeLine = message.signInCode ? `\n    code: ${message.signInCode}` : "";
      log(`[outbox] to ${message.to}: ${message.subject}${codeLine}${linkLines}`);
      return { messageId: `outbox-${row.id}` };
    },
    async verify() {},
    async close() {},
  };
}

/** The transport's kind and address only: never the user name or password in SMTP_URL. */
export function transportFingerprint(smtpUrl: string | undefined): string {
  if (!smtpUrl) return "outbox";
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const port = url.port || (secure ? "465" : "587");
  return `${secure ? "smtps" : "smtp"}://${url.hostname.toLowerCase()}:${port}`;
}

/** The links of a text part; punctuation that ends a sentence after a bare link is not part of it. */
export function extractLinks(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?]+$/, ""),
  );
  return [...new Set(links)];
}
