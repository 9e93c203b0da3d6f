import { and, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import {
  AUTOMATIC_MAILS_DAYS,
  type AutomaticMail,
  type AutomaticMailsPage,
  type AutomaticMailsQuery,
  automaticMailKinds,
  automaticMailName,
} from "../../../shared/email-logs";
import type { AppContext } from "../../context";
import { outgoingMessages } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One page of the outbox's automatic e-mails of the last 30 days, newest first
 * (docs/newsletters.md, "Send logs"): the kinds an admin may see only, never a kind that carries
 * a secret. Read through `outgoing_messages_created_idx`; `total` counts what the filters keep.
 */
export async function listAutomaticMails(
  ctx: AppContext,
  { kind, outcome, offset, limit }: AutomaticMailsQuery,
): Promise<AutomaticMailsPage> {
  const since = new Date(ctx.clock.now().getTime() - AUTOMATIC_MAILS_DAYS * DAY_MS);
  const conditions: SQL[] = [
    gte(outgoingMessages.createdAt, since),
    kind === "all"
      ? inArray(outgoingMessages.kind, [...automaticMailKinds])
      : eq(outgoingMessages.kind, kind),
  ];
  if (outcome !== "all") conditions.push(eq(outgoingMessages.state, outcome));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: outgoingMessages.id,
        kind: outgoingMessages.kind,
        via: sql<string | null>`${outgoingMessages.data} ->> 'via'`,
        calendarMethod: sql<string | null>`${outgoingMessages.data} -> 'calendar' ->> 'method'`,
        recipient: outgoingMessages.recipient,
        state: outgoingMessages.state,
        createdAt: outgoingMessages.createdAt,
        sentAt: outgoingMessages.sentAt,
        errorCode: outgoingMessages.errorCode,
        errorMessage: outgoingMessages.errorMessage,
      })
      .from(outgoingMessages)
      .where(where)
      .orderBy(desc(outgoingMessages.createdAt), desc(outgoingMessages.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: count() }).from(outgoingMessages).where(where),
  ]);
  const messages = rows.map(
    (row): AutomaticMail => ({
      id: row.id,
      kind: row.kind as AutomaticMail["kind"],
      name: automaticMailName(row.kind as AutomaticMail["kind"], row.via, row.calendarMethod),
      recipient: row.recipient,
      // An e-mail is never skipped (only a Slack, Teams or webhook message is, outbox/lane-ledger.ts).
      state: row.state === "skipped" ? "failed" : row.state,
      queued_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      error_code: row.errorCode,
      error_message: row.errorMessage,
    }),
  );
  return { messages, total, offset, limit };
}
