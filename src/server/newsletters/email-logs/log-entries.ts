import { asc, eq, inArray } from "drizzle-orm";
import type { EmailLogEntry } from "../../../shared/newsletters";
import { insertAsJson } from "../../db/bulk-insert";
import type { Db, Tx } from "../../db/client";
import { emailLogEntries } from "../../db/schema";

/**
 * A send log's entries, a row each in send order (docs/newsletters.md, "Send logs"). Replaces
 * whatever the log held: a send finished again after a retry rewrites its whole log.
 */
export async function writeLogEntries(tx: Db | Tx, logId: number, entries: EmailLogEntry[]) {
  await tx.delete(emailLogEntries).where(eq(emailLogEntries.logId, logId));
  await insertAsJson(
    tx,
    emailLogEntries,
    entries.map((entry, position) => ({ logId, position, entry })),
  );
}

/** The entries of each of these logs, in send order (a log without entries maps to []). */
export async function readLogEntries(
  db: Db | Tx,
  logIds: number[],
): Promise<Map<number, EmailLogEntry[]>> {
  const byLog = new Map<number, EmailLogEntry[]>(logIds.map((id) => [id, []]));
  if (logIds.length === 0) return byLog;
  const rows = await db
    .select({ logId: emailLogEntries.logId, entry: emailLogEntries.entry })
    .from(emailLogEntries)
    .where(inArray(emailLogEntries.logId, logIds))
    .orderBy(asc(emailLogEntries.logId), asc(emailLogEntries.position));
  for (const row of rows) byLog.get(row.logId)?.push(row.entry as EmailLogEntry);
  return byLog;
}
