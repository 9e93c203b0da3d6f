import { toCsv } from "../../../shared/csv";
import { monthName } from "../../../shared/months";
import type { AppContext } from "../../context";
import { NotFound } from "../../errors";
import { listEmailLogsOfMonth } from "./list-email-logs";

const COLUMNS = [
  "newsletter_title",
  "sent_at",
  "domain_group_name",
  "pairing_file",
  "user_email",
  "match_email",
  "send_status",
  "match_validated",
  "timestamp",
  "error_code",
  "error_message",
  "failure_reason",
  "validation_issues",
] as const;

/**
 * One row per log entry of the month's sends, written by the shared `toCsv`, which quotes every
 * line of a cell that would start a formula, so a spreadsheet never runs an address or an error
 * text as one.
 */
export async function emailLogCsv(
  ctx: AppContext,
  month: number,
  year: number,
): Promise<{ fileName: string; body: string }> {
  const logs = await listEmailLogsOfMonth(ctx, month, year);
  if (logs.length === 0) {
    throw new NotFound(`There are no email logs for ${monthName(month)} ${year}.`);
  }
  const rows = logs.flatMap((log) =>
    log.entries.map((entry) => ({
      newsletter_title: log.newsletter_title,
      sent_at: log.sent_at,
      domain_group_name: log.domain_group_name ?? "",
      pairing_file: log.pairing_file ?? "",
      user_email: entry.user_email,
      match_email: entry.match_email ?? "",
      send_status: entry.send_status,
      match_validated: entry.match_validated ? "true" : "false",
      timestamp: entry.timestamp,
      error_code: entry.error_code ?? "",
      error_message: entry.error_message ?? "",
      failure_reason: entry.failure_reason ?? "",
      validation_issues: entry.validation_issues.join("; "),
    })),
  );
  const body = toCsv(COLUMNS, rows);
  return { fileName: `email_log_${String(month).padStart(2, "0")}${year}.csv`, body };
}
