import { desc, inArray } from "drizzle-orm";
import type { EmailLog, EmailLogEntry, MatchValidationSummary } from "../../../shared/newsletters";
import { readablePairingName, slugify } from "../../../shared/pairing-file-names";
import type { AppContext } from "../../context";
import { emailLogs } from "../../db/schema";
import { companyHasGroups } from "../../directory/groups/find-group";
import { pairingDisplayNames } from "../newsletter-files";
import { readLogEntries } from "./log-entries";

type LogRow = typeof emailLogs.$inferSelect;
type Archiving = { isArchived: boolean; archivedAt: Date | null };

/**
 * Logs split as the Email Send Logs tab shows them: a log is current until a later send for the
 * same domain group (or company-wide) supersedes it; superseded logs are archived.
 */
export async function listEmailLogs(
  ctx: AppContext,
  which: "current" | "archived",
): Promise<EmailLog[]> {
  return selectLogs(ctx, (log) => log.isArchived === (which === "archived"));
}

/** Every log of one month (current and archived), oldest send first, with its entries. */
export async function listEmailLogsOfMonth(
  ctx: AppContext,
  month: number,
  year: number,
): Promise<Array<EmailLog & { entries: EmailLogEntry[] }>> {
  const logs = await selectLogs(ctx, (log) => log.month === month && log.year === year);
  if (logs.length === 0) return [];
  const entries = await readLogEntries(
    ctx.db,
    logs.map((l) => l.id),
  );
  return logs.reverse().map((log) => ({ ...log, entries: entries.get(log.id) ?? [] }));
}

/**
 * Decides current or archived from the small columns of every log, then reads the wanted logs
 * (their entries are rows of their own; list-email-log-entries.ts pages them). Newest first.
 */
async function selectLogs(
  ctx: AppContext,
  keep: (log: Archiving & { month: number; year: number }) => boolean,
): Promise<EmailLog[]> {
  const metas = await ctx.db
    .select({
      id: emailLogs.id,
      domainGroupId: emailLogs.domainGroupId,
      sentAt: emailLogs.sentAt,
      month: emailLogs.month,
      year: emailLogs.year,
      isArchived: emailLogs.isArchived,
      archivedAt: emailLogs.archivedAt,
    })
    .from(emailLogs)
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id));
  const newestOfScope = new Map<string, Date>();
  const archiving = new Map<number, Archiving>();
  for (const meta of metas) {
    const scope = meta.domainGroupId === null ? "all" : String(meta.domainGroupId);
    const newer = newestOfScope.get(scope);
    if (!newer) newestOfScope.set(scope, meta.sentAt);
    const isArchived = meta.isArchived || newer !== undefined;
    const archivedAt = isArchived ? (meta.archivedAt ?? newer ?? meta.sentAt) : null;
    if (keep({ ...meta, isArchived, archivedAt }))
      archiving.set(meta.id, { isArchived, archivedAt });
  }
  if (archiving.size === 0) return [];
  const rows = await ctx.db
    .select()
    .from(emailLogs)
    .where(inArray(emailLogs.id, [...archiving.keys()]))
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id));
  const names = await displayNames(
    ctx,
    rows.map((r) => r.pairingFile),
  );
  return rows.map((row) => present(row, archiving.get(row.id) as Archiving, names));
}

function present(row: LogRow, archiving: Archiving, names: Map<string, string | null>): EmailLog {
  return {
    id: row.id,
    newsletter_id: row.newsletterId,
    newsletter_title: row.newsletterTitle,
    month: row.month,
    year: row.year,
    sent_at: row.sentAt.toISOString(),
    pairing_file: row.pairingFile,
    pairing_display: row.pairingFile ? (names.get(row.pairingFile) ?? null) : null,
    archive_filename: row.archiveFilename,
    domain_group_id: row.domainGroupId,
    domain_group_name: row.domainGroupName,
    total_recipients: row.totalRecipients,
    successful_sends: row.successfulSends,
    failed_sends: row.failedSends,
    match_validation_summary: row.matchValidationSummary as MatchValidationSummary,
    is_archived: archiving.isArchived,
    archived_at: archiving.archivedAt?.toISOString() ?? null,
  };
}

const RECORD_NAME = /^pairing-(\d{4})-(\d{2})-group(\d+)-([a-z0-9-]+)-\d+\.json$/;

/**
 * The linked pairings' display names, read together (`pairingDisplayNames`); a record deleted
 * since is named from its file name.
 */
async function displayNames(
  ctx: AppContext,
  pairingFiles: readonly (string | null)[],
): Promise<Map<string, string | null>> {
  const names: Map<string, string | null> = await pairingDisplayNames(ctx, pairingFiles);
  const gone = [...new Set(pairingFiles)].filter((f): f is string => !!f && !names.has(f));
  if (gone.length === 0) return names;
  const groups = await companyHasGroups(ctx.db);
  for (const file of gone) names.set(file, nameFromFile(file, groups));
  return names;
}

function nameFromFile(pairingFile: string, groups: { groups: boolean }): string | null {
  const parts = RECORD_NAME.exec(pairingFile);
  if (!parts) return null;
  const [, year, month, run, slug] = parts;
  const name =
    slug === slugify(null)
      ? null
      : slug
          .split("-")
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join(" ");
  return readablePairingName(
    { month: `${year}-${month}`, runOfMonth: Number(run), domainGroupName: name },
    groups,
  );
}
