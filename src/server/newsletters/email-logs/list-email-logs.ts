import { and, desc, eq } from "drizzle-orm";
import type { EmailLog, EmailLogEntry, MatchValidationSummary } from "../../../shared/newsletters";
import { groupLetter, monthDisplay } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { emailLogs } from "../../db/schema";
import { pairingDisplayName } from "../newsletter-files";

type LogRow = typeof emailLogs.$inferSelect;

/**
 * Logs split as the Email Send Logs tab shows them: a log is current until a later send for the
 * same domain group (or company-wide) supersedes it; superseded logs are archived.
 */
export async function listEmailLogs(
  ctx: AppContext,
  which: "current" | "archived",
): Promise<EmailLog[]> {
  const rows = await ctx.db
    .select()
    .from(emailLogs)
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id));
  const presented = await presentLogs(ctx, rows);
  return presented.filter((log) => log.is_archived === (which === "archived"));
}

/** Every log of one month (current and archived), oldest send first. */
export async function listEmailLogsOfMonth(
  ctx: AppContext,
  month: number,
  year: number,
): Promise<EmailLog[]> {
  const all = await ctx.db
    .select()
    .from(emailLogs)
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id));
  const presented = await presentLogs(ctx, all);
  return presented.filter((log) => log.month === month && log.year === year).reverse();
}

/** Presents rows ordered newest first; the first log of each scope is the current one. */
async function presentLogs(ctx: AppContext, rows: LogRow[]): Promise<EmailLog[]> {
  const newestOfScope = new Map<string, LogRow>();
  const names = new Map<string, string | null>();
  const out: EmailLog[] = [];
  for (const row of rows) {
    const scope = row.domainGroupId === null ? "all" : String(row.domainGroupId);
    const newer = newestOfScope.get(scope);
    if (!newer) newestOfScope.set(scope, row);
    const file = row.pairingFile;
    if (file && !names.has(file)) names.set(file, await displayOf(ctx, file));
    const archived = row.isArchived || newer !== undefined;
    out.push({
      id: row.id,
      newsletter_id: row.newsletterId,
      newsletter_title: row.newsletterTitle,
      month: row.month,
      year: row.year,
      sent_at: row.sentAt.toISOString(),
      pairing_file: file,
      pairing_display: file ? (names.get(file) ?? null) : null,
      archive_filename: row.archiveFilename,
      domain_group_id: row.domainGroupId,
      domain_group_name: row.domainGroupName,
      total_recipients: row.totalRecipients,
      successful_sends: row.successfulSends,
      failed_sends: row.failedSends,
      match_validation_summary: row.matchValidationSummary as MatchValidationSummary,
      entries: row.entries as EmailLogEntry[],
      is_archived: archived,
      archived_at: archived ? (row.archivedAt ?? newer?.sentAt ?? row.sentAt).toISOString() : null,
    });
  }
  return out;
}

const RECORD_NAME = /^pairing-(\d{4})-(\d{2})-group(\d+)-([a-z0-9-]+)-\d+\.json$/;

/** The record's display name; for a record deleted since, read from its file name. */
async function displayOf(ctx: AppContext, pairingFile: string): Promise<string | null> {
  const known = await pairingDisplayName(ctx, pairingFile);
  if (known) return known;
  const parts = RECORD_NAME.exec(pairingFile);
  if (!parts) return null;
  const [, year, month, group, slug] = parts;
  const name = slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  return `${monthDisplay(`${year}-${month}`)} Group ${groupLetter(Number(group))} - ${name}`;
}

export async function findEmailLog(ctx: AppContext, id: number): Promise<LogRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.id, id)));
  return row;
}
