import type { MailKind } from "../shared/enums";

/*
 * What a mailer is to the app (`ctx.mailer`, context.ts), apart from the transports that implement
 * it (mail/mailer.ts), so context.ts imports nothing that imports it back.
 */

/**
 * An iCalendar object the message carries as its text/calendar part (RFC 6047: `method=` on the
 * part, the same METHOD inside), which calendar clients apply to the event it names.
 */
export interface MailCalendarPart {
  method: "REQUEST" | "CANCEL";
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: MailKind;
  headers?: Record<string, string>;
  /** A one-time sign-in code; the outbox prints it so code sign-in works without a mail server. */
  signInCode?: string;
  /** `<…@host>`; set by callers that must recognise a resend (newsletter deliveries). */
  messageId?: string;
  /** Body encoding; base64 spares the per-message scan and quoted-printable pass on long HTML. */
  textEncoding?: "base64" | "quoted-printable";
  calendar?: MailCalendarPart;
}

export interface SendResult {
  messageId: string;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /**
   * Where mail goes, without credentials ("smtp://host:port", "outbox"): processes sharing a
   * database compare it before taking over each other's newsletter deliveries.
   */
  readonly fingerprint: string;
  send(message: MailMessage): Promise<SendResult>;
  /** Resolves once the transport can take messages (SMTP: the server answered). */
  verify(): Promise<void>;
  close(): Promise<void>;
}
