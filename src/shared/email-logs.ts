import { z } from "zod";
import { idParamsSchema, MAX_ID } from "./ids";
import { emailField, NEWSLETTER_ARCHIVED } from "./newsletter-texts";
import { pageLimitSchema } from "./paging";

/** API contract of the e-mail send logs (docs/newsletters.md, "Send logs"), snake_case as the log cards and the CSV name them. */

export const emailLogEntrySchema = z.object({
  user_email: z.string(),
  /** The partner's address; a trio's two partners joined by ", "; null for someone who sat out. */
  match_email: z.string().nullable(),
  send_status: z.string(),
  match_validated: z.boolean(),
  timestamp: z.string(),
  error_message: z.string().nullable(),
  /** SMTP reply code or transport error code, e.g. "550" or "ECONNECTION". */
  error_code: z.string().nullable(),
  failure_reason: z.string().nullable(),
  validation_issues: z.array(z.string()),
});
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;

export const matchValidationSummarySchema = z.object({
  total_matches: z.number().int(),
  validated_matches: z.number().int(),
  mismatches: z.number().int(),
});
export type MatchValidationSummary = z.infer<typeof matchValidationSummarySchema>;

export const emailLogSchema = z.object({
  id: z.number().int(),
  newsletter_id: z.number().int(),
  newsletter_title: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  sent_at: z.string(),
  pairing_file: z.string().nullable(),
  /** "March 2027" ("March 2027 – Acme" when the company has domain groups); null when the name is not a pairing record's. */
  pairing_display: z.string().nullable(),
  archive_filename: z.string().nullable(),
  domain_group_id: z.number().int().nullable(),
  domain_group_name: z.string().nullable(),
  total_recipients: z.number().int(),
  successful_sends: z.number().int(),
  failed_sends: z.number().int(),
  match_validation_summary: matchValidationSummarySchema,
  is_archived: z.boolean(),
  archived_at: z.string().nullable(),
});
/**
 * A send's log as the lists show it: its counts, not its entries (one per recipient, which a
 * company-wide send has by the ten thousand); those are read a page at a time
 * (`GET /api/admin/email-logs/{id}/entries`).
 */
export type EmailLog = z.infer<typeof emailLogSchema>;
export const emailLogListSchema = z.array(emailLogSchema);

export const EMAIL_LOG_ENTRIES_PAGE = 50;
export const EMAIL_LOG_ENTRIES_MAX_PAGE = 500;
export const emailLogEntryFilters = ["all", "failed", "issues"] as const;
export type EmailLogEntryFilter = (typeof emailLogEntryFilters)[number];

export const emailLogEntriesParamsSchema = idParamsSchema;
export const emailLogEntriesQuerySchema = z.object({
  /** all; failed: the entries not sent; issues: the entries with validation issues. */
  filter: z
    .enum(emailLogEntryFilters, { error: "filter must be all, failed or issues." })
    .default("all"),
  offset: z.coerce
    .number({ error: "offset must be a number." })
    .int({ error: "offset must be a whole number." })
    .min(0, { error: "offset must be 0 or more." })
    .max(10_000_000, { error: "offset is too large." })
    .default(0),
  limit: pageLimitSchema(EMAIL_LOG_ENTRIES_PAGE, EMAIL_LOG_ENTRIES_MAX_PAGE),
});
export type EmailLogEntriesQuery = z.infer<typeof emailLogEntriesQuerySchema>;

/** One page of a log's entries, in send order; `total` counts the entries the filter keeps. */
export const emailLogEntriesPageSchema = z.object({
  entries: z.array(emailLogEntrySchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type EmailLogEntriesPage = z.infer<typeof emailLogEntriesPageSchema>;

export const emailLogCsvParamsSchema = z.object({
  month: z.coerce
    .number({ error: "Month must be 1 to 12" })
    .int({ error: "Month must be 1 to 12" })
    .min(1, { error: "Month must be 1 to 12" })
    .max(12, { error: "Month must be 1 to 12" }),
  year: z.coerce
    .number({ error: "Year must be a four-digit year" })
    .int({ error: "Year must be a four-digit year" })
    .min(2000, { error: "Year must be a four-digit year" })
    .max(9999, { error: "Year must be a four-digit year" }),
});

export const emailLogPreviewBodySchema = z.object({
  newsletterId: z.coerce
    .number({ error: "Please choose a newsletter" })
    .int({ error: "Please choose a newsletter" })
    .positive({ error: "Please choose a newsletter" })
    .max(MAX_ID, { error: NEWSLETTER_ARCHIVED }),
  userEmail: emailField("Please choose a user to preview"),
});
export const emailLogPreviewResponseSchema = z.object({
  html: z.string(),
  recipientEmail: z.string(),
});

/**
 * The outbox's kinds an admin sees under "Automatic e-mails", each with its name in words. The
 * kinds that carry a secret (a sign-in code or link, a set-password link) are never listed.
 */
export const automaticMailKinds = [
  "match-change",
  "booked-time",
  "check-in-question",
  "still-in-question",
  "round-draft-notice",
  "booking-nudge",
  "company-inquiry",
  "launch-invitation",
  "invitation",
  "invitation-reminder",
] as const;
export type AutomaticMailKind = (typeof automaticMailKinds)[number];
export const AUTOMATIC_MAIL_KIND_NAMES: Record<AutomaticMailKind, string> = {
  "match-change": "Match changed or calendar invitation",
  "booked-time": "Chat time booked",
  "check-in-question": "Did you meet?",
  "still-in-question": "Still up for coffee chats?",
  "round-draft-notice": "Round draft to review",
  "booking-nudge": "Nobody booked yet",
  "company-inquiry": "Company inquiry",
  "launch-invitation": "Launch invitation",
  invitation: "Invitation",
  "invitation-reminder": "Invitation reminder",
};
/** How far back the list reaches. */
export const AUTOMATIC_MAILS_DAYS = 30;
export const AUTOMATIC_MAILS_PAGE = 50;
export const automaticMailOutcomes = ["sent", "pending", "failed"] as const;

export const automaticMailsQuerySchema = z.object({
  kind: z
    .enum(["all", ...automaticMailKinds], { error: "kind is not a kind of automatic e-mail." })
    .default("all"),
  outcome: z
    .enum(["all", ...automaticMailOutcomes], {
      error: "outcome must be all, sent, pending or failed.",
    })
    .default("all"),
  offset: z.coerce
    .number({ error: "offset must be a number." })
    .int({ error: "offset must be a whole number." })
    .min(0, { error: "offset must be 0 or more." })
    .max(100_000, { error: "offset is too large." })
    .default(0),
  limit: pageLimitSchema(AUTOMATIC_MAILS_PAGE, 200),
});
export type AutomaticMailsQuery = z.infer<typeof automaticMailsQuerySchema>;

/**
 * What one automatic e-mail is, in words: its kind's name, except that a match-change e-mail is
 * named by what it carried (`via`, and the calendar message's method).
 */
export function automaticMailName(
  kind: AutomaticMailKind,
  via: string | null,
  calendarMethod: string | null,
): string {
  if (kind !== "match-change") return AUTOMATIC_MAIL_KIND_NAMES[kind];
  if (via === "calendar") {
    return calendarMethod === "CANCEL" ? "Calendar cancellation" : "Calendar invitation";
  }
  if (via === "match") return "Your new match";
  return "Match changed";
}

export const automaticMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(automaticMailKinds),
  /** What it is in words (automaticMailName). */
  name: z.string(),
  recipient: z.string(),
  /** pending: waiting (queued or retrying); sent; failed: given up, with its reason. */
  state: z.enum(automaticMailOutcomes),
  queued_at: z.string(),
  sent_at: z.string().nullable(),
  /** SMTP reply code or transport error code, e.g. "550" or "ECONNECTION". */
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type AutomaticMail = z.infer<typeof automaticMailSchema>;

/** One page of the last days' automatic e-mails, newest first; `total` counts what the filters keep. */
export const automaticMailsPageSchema = z.object({
  messages: z.array(automaticMailSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type AutomaticMailsPage = z.infer<typeof automaticMailsPageSchema>;
