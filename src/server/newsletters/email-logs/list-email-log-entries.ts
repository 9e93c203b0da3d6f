import { sql } from "drizzle-orm";
import type {
  EmailLogEntriesPage,
  EmailLogEntriesQuery,
  EmailLogEntry,
} from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import { NotFound } from "../../errors";

export const EMAIL_LOG_NOT_FOUND = "This send log no longer exists. Reload the Email Send Logs.";

/** The condition on one entry (`e.value`) that each filter keeps. */
const keeps = {
  failed: sql`e.value->>'send_status' <> 'success'`,
  issues: sql`jsonb_array_length(e.value->'validation_issues') > 0`,
};

/**
 * One page of a send log's entries, in send order (docs/newsletters.md, "Send logs"). The entries
 * stay one JSON array per log; the page is cut out of it in the database, so a company-wide
 * send's 100,000 entries never travel to this process for a page of 50. The whole list reads
 * one slice by position; a filter walks the array in the database and counts what it keeps.
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

/** Entries offset … offset + limit − 1 by position, and the length of the array. */
const slice = (logId: number, offset: number, limit: number) => sql`
  select jsonb_path_query_array(entries, '$[$from to $to]',
           jsonb_build_object('from', ${offset}::int, 'to', ${offset + limit - 1}::int)) as page,
         jsonb_array_length(entries) as total
  from email_logs where id = ${logId}`;

/** One walk over the array: what the filter keeps, counted, and the page of it. */
const filtered = (logId: number, filter: keyof typeof keeps, offset: number, limit: number) => sql`
  with kept as materialized (
    select e.value, e.n
    from email_logs l, jsonb_array_elements(l.entries) with ordinality as e(value, n)
    where l.id = ${logId} and ${keeps[filter]}
  )
  select (select count(*) from kept) as total,
         (select jsonb_agg(p.value order by p.n)
          from (select value, n from kept order by n offset ${offset} limit ${limit}) p) as page
  from email_logs where id = ${logId}`;
