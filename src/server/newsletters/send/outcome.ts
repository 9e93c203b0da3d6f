import type { SendStatus } from "../../../shared/enums";

export type FailureStatus = Exclude<SendStatus, "success">;

/** The log's failure_reason for each failed status. */
export const failureReasons: Record<FailureStatus, string> = {
  failed: "The recipient's address was refused.",
  sendgrid_limit: "The mail server kept deferring the message.",
  sendgrid_forbidden: "The mail server refused to relay the message.",
  sendgrid_error: "The mail server could not be reached or reported an error.",
};

/** The error code of a message whose e-mail could not be built (the newsletter or its data). */
export const RENDER_FAILED = "ERENDER";

/**
 * The SMTP reply code of a failed message, from the reason the outbox recorded: the server's reply
 * leads it (or follows "Last error:" once the retries gave up). Null when the server never
 * answered (no connection) or the message was not sent at all (could not be built, not for them).
 */
export function replyCodeOf(reason: string | null): string | null {
  return /(?:^|Last error: )(\d{3})\b/.exec(reason ?? "")?.[1] ?? null;
}

/**
 * The log's status of a message the outbox failed (docs/newsletters.md, "Send statuses",
 * docs/decisions/0006-newsletter-send-statuses.md), from its code and reason: by the SMTP reply
 * code when the server answered; without one, a message that could not be built or is no longer
 * for the person reads `failed`, and a connection that never took it `sendgrid_error`.
 */
export function sendStatusOf(code: string | null, reason: string | null): FailureStatus {
  const reply = replyCodeOf(reason);
  if (!reply) {
    const unsent = ["ERENDER", "EDATA", "not_a_recipient", "EEXPIRED", "EWITHHELD"];
    return code !== null && unsent.includes(code) ? "failed" : "sendgrid_error";
  }
  const responseCode = Number(reply);
  if (responseCode >= 400 && responseCode < 500) return "sendgrid_limit";
  if (responseCode === 530 || responseCode === 535 || /\b5\.7\.\d+/.test(reason ?? "")) {
    return "sendgrid_forbidden";
  }
  return responseCode >= 550 && responseCode <= 553 ? "failed" : "sendgrid_error";
}
