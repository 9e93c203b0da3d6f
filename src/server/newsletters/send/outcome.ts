import type { SendStatus } from "../../../shared/enums";
import { toMailSendError } from "../../mail/mailer";

export type FailureStatus = Exclude<SendStatus, "success">;

/** What a failed attempt means for its delivery. */
export interface FailedAttempt {
  /** Worth another try later (until the worker's retry horizon). */
  retry: boolean;
  /** The log entry's status if this attempt stays the last. */
  sendStatus: FailureStatus;
  /** The SMTP reply code ("550") or the transport's error code ("ECONNECTION"). */
  errorCode: string;
  errorText: string;
}

/** The log's failure_reason for each failed status. */
export const failureReasons: Record<FailureStatus, string> = {
  failed: "The recipient's address was refused.",
  sendgrid_limit: "The mail server kept deferring the message.",
  sendgrid_forbidden: "The mail server refused to relay the message.",
  sendgrid_error: "The mail server could not be reached or reported an error.",
};

/**
 * Maps an SMTP outcome onto the log vocabulary the admin screens know (see
 * docs/newsletters.md, "Send statuses"): 4xx replies and lost connections are retried and, once the
 * retry horizon has passed, read `sendgrid_limit` (the server kept deferring) or `sendgrid_error` (it could not
 * be reached); 530/535 and 5.7.x refusals (authentication, policy) read `sendgrid_forbidden`; a
 * refused mailbox (550–553) reads `failed`; every other permanent error reads `sendgrid_error`.
 */
export function classifyFailure(error: unknown): FailedAttempt {
  const e = toMailSendError(error);
  const code = e.responseCode;
  const errorText = truncate(e.message, 1000);
  if (code === undefined) {
    return { retry: e.transient, sendStatus: "sendgrid_error", errorCode: e.code, errorText };
  }
  const errorCode = String(code);
  if (code >= 400 && code < 500) {
    return { retry: true, sendStatus: "sendgrid_limit", errorCode, errorText };
  }
  if (code === 530 || code === 535 || /\b5\.7\.\d+/.test(e.message)) {
    return { retry: false, sendStatus: "sendgrid_forbidden", errorCode, errorText };
  }
  if (code >= 550 && code <= 553) {
    return { retry: false, sendStatus: "failed", errorCode, errorText };
  }
  return { retry: false, sendStatus: "sendgrid_error", errorCode, errorText };
}

/** A failure before any SMTP exchange: the message for this recipient could not be built. */
export function buildFailure(error: unknown): FailedAttempt {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  return {
    retry: false,
    sendStatus: "failed",
    errorCode: typeof code === "string" ? code : "EMESSAGE",
    errorText: truncate(text, 1000),
  };
}

/** The error code of a delivery whose e-mail could not be built (the newsletter or its data). */
export const RENDER_FAILED = "ERENDER";

/**
 * The e-mail could not be built, or came out with characters mail cannot carry: the newsletter's
 * content or the person's data must be fixed first, so the send is not sealed sent while such a
 * failure stands (finish-send.ts).
 */
export function renderFailure(error: unknown): FailedAttempt {
  const text = error instanceof Error ? error.message : String(error);
  return {
    retry: false,
    sendStatus: "failed",
    errorCode: RENDER_FAILED,
    errorText: truncate(`The e-mail could not be built: ${text}`, 1000),
  };
}

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const UNCARRIABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

/** Throws when the built e-mail holds a character no mail should carry (a NUL, an escape …). */
export function assertCarriable(message: { subject: string; html: string; text: string }): void {
  for (const part of ["subject", "html", "text"] as const) {
    const found = UNCARRIABLE.exec(message[part]);
    if (found) {
      const hex = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      throw new Error(`its ${part} contains the control character U+${hex}.`);
    }
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The log's status of a message the outbox failed (docs/newsletters.md, "Send statuses"), from
 * its code and reason: the SMTP reply code leads the reason (or follows "Last error:" once the
 * retries gave up); without one, a message that could not be built or is no longer for the person
 * reads `failed`, and a connection that never took it `sendgrid_error`.
 */
export function sendStatusOf(code: string | null, reason: string | null): FailureStatus {
  const reply = /(?:^|Last error: )(\d{3})\b/.exec(reason ?? "");
  if (!reply) {
    const unbuilt = code === RENDER_FAILED || code === "not_a_recipient" || code === "EEXPIRED";
    return unbuilt || code === "EWITHHELD" ? "failed" : "sendgrid_error";
  }
  const responseCode = Number(reply[1]);
  if (responseCode >= 400 && responseCode < 500) return "sendgrid_limit";
  if (responseCode === 530 || responseCode === 535 || /\b5\.7\.\d+/.test(reason ?? "")) {
    return "sendgrid_forbidden";
  }
  return responseCode >= 550 && responseCode <= 553 ? "failed" : "sendgrid_error";
}
