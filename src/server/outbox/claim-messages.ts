import { and, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";

interface ClaimOptions {
  owner: string;
  limit: number;
  leaseMs: number;
  now: Date;
  /** This process's mail transport (Mailer.fingerprint). */
  transport: string;
  /** The urgent lane claims urgent messages only, the other lane every other message. */
  urgent: boolean;
}

/**
 * Takes up to `limit` due messages queued over this process's mail `transport` for `owner` until
 * `leaseMs` from now, counting the attempt. Rows another worker holds are skipped, so processes
 * sharing a database never send one twice while a lease lasts; a crashed worker's rows are free
 * again when its lease runs out. Each lane claims its own messages, so a sign-in code never waits
 * behind a batch of other messages (docs/mail.md, "Urgent kinds").
 */
export async function claimMessages(
  db: Db,
  { owner, limit, leaseMs, now, transport, urgent }: ClaimOptions,
): Promise<OutgoingMessageRow[]> {
  const at = now.toISOString();
  // One statement claims and returns the rows (a second read of 250 rows cost as much as the
  // claim on the embedded database, docs/performance.md "Newsletter send").
  const result = await db.execute(sql`
      with picked as (
        select id from outgoing_messages
        where state = 'pending'
          and channel = 'email'
          and urgent = ${urgent}
          and mail_transport = ${transport}
          and next_attempt_at <= ${at}::timestamptz
          and (claimed_until is null or claimed_until < ${at}::timestamptz)
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update outgoing_messages m
      set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
          claimed_by = ${owner},
          attempts = m.attempts + 1
      from picked where m.id = picked.id
      returning m.*`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map(messageRowOf).sort((a, b) => a.id - b.id);
}

const columns = Object.entries(getTableColumns(outgoingMessages));

/** A row as the driver answered a raw statement, mapped as Drizzle maps its own selects. */
function messageRowOf(raw: Record<string, unknown>): OutgoingMessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OutgoingMessageRow;
}

/** Extends the lease on the messages `owner` still holds, so a slow server causes no second send. */
export async function renewMessages(db: Db, owner: string, until: Date): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(outgoingMessages.claimedBy, owner),
        eq(outgoingMessages.state, "pending"),
        isNotNull(outgoingMessages.claimedUntil),
      ),
    );
}

/** Gives back what `owner` still holds of `ids` (a stop in the middle of a batch). */
export async function releaseMessages(db: Db, owner: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outgoingMessages)
    .set({ claimedUntil: null, claimedBy: null })
    .where(
      and(
        inArray(outgoingMessages.id, ids),
        eq(outgoingMessages.claimedBy, owner),
        eq(outgoingMessages.state, "pending"),
      ),
    );
}
