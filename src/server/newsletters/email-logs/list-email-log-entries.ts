import { sql } from "drizzle-orm";
import type {
  EmailLogEntriesPage,
  EmailLogEntriesQuery,
  EmailLogEntry,
} from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import { NotFound } from "../../errors";

export const EMAIL_LOG_NOT_FOUND = "This send log no longer exists. Reload the Email Send Logs.";

/** The condition on one entry (`e.entry`) that each filter keeps. */
const keeps = {
  failed: sql`e.entry->>'send_status' <> 'success'`,
  issues: sql`jsonb_array_length(e.entry->'validation_issues') > 0`,
};

/**
 * One page of a send log's entries, in send order (docs/newsletters.md, "Send logs"). Entries are
 * a row each (`email_log_entries`), so the whole list reads the page's rows by position through
 * the primary key, whatever the send's size; a filter walks the log's rows and counts what it
 * keeps. A log that does not exist has no row in `email_logs` (total null).
 */
export async function listEmailLogEntries(
  ctx: AppContext,
  logId: number,
  { filter, offset, limit }: EmailLogEntriesQuery,
): Promise<EmailLogEntriesPage> {
  const result = await ctx.db.execute(
    filter === "all" ? slice(logId, offset, limit) : filtered(logId, filter, offset, limit),
  );
  const [row] = (
    result as unknown as {
      rows: Array<{ page: EmailLogEntry[] | null; total: number | string | null }>;
    }
  ).rows;
  if (!row || row.total === null) throw new NotFound(EMAIL_LOG_NOT_FOUND);
  return { entries: row.page ?? [], total: Number(row.total), offset, limit };
}

/** Entries at positions offset … offset + limit − 1, and the log's count (one per recipient). */
const slice = (logId: number, offset: number, limit: number) => sql`
  select (select jsonb_agg(e.entry order by e.position) from email_log_entries e
          where e.log_id = l.id and e.position >= ${offset}::int
            and e.position < ${offset + limit}::int) as page,
         l.total_recipients as total
  from email_logs l where l.id = ${logId}`;

/** One walk over the log's rows: what the filter keeps, counted, and the page of it. */
const filtered = (logId: number, filter: keyof typeof keeps, offset: number, limit: number) => sql`
  with kept as materialized (
    select e.entry, e.position from email_log_entries e
    where e.log_id = ${logId} and ${keeps[filter]}
  )
  select (select count(*) from kept) as total,
         (select jsonb_agg(p.entry order by p.position)
          from (select entry, position from kept order by position offset ${offset} limit ${limit}) p) as page
  from email_logs where id = ${logId}`;
