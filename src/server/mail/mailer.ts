import nodemailer, { type Transporter } from "nodemailer";
import type { MailKind } from "../../shared/enums";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: MailKind;
  headers?: Record<string, string>;
  /** A one-time sign-in code; the outbox prints it so code sign-in works without a mail server. */
  signInCode?: string;
}

export interface SendResult {
  messageId: string;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<SendResult>;
  /** Resolves once the transport can take messages (SMTP: the server answered). */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/** SMTP failures keep their response code so callers can tell a refused recipient from a broken server. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly responseCode?: number,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log?: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter: Transporter = nodemailer.createTransport(withPool(smtpUrl));
  return {
    transport: "smtp",
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
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

function withPool(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  return url.toString();
}

function toMailSendError(error: unknown): MailSendError {
  const e = error as { message?: string; code?: string; responseCode?: number };
  const responseCode = typeof e.responseCode === "number" ? e.responseCode : undefined;
  return new MailSendError(
    e.message ?? "Sending failed",
    e.code ?? "ESEND",
    responseCode,
    responseCode !== undefined && responseCode >= 500,
  );
}

function createOutboxMailer({ db, from, log = console.log }: MailerOptions): Mailer {
  return {
    transport: "outbox",
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
      const linkLines = links.map((l) => `\n    ${l}`).join("");
      const codeLine = message.signInCode ? `\n    code: ${message.signInCode}` : "";
      log(`[outbox] to ${message.to}: ${message.subject}${codeLine}${linkLines}`);
      return { messageId: `outbox-${row.id}` };
    },
    async verify() {},
    async close() {},
  };
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}
