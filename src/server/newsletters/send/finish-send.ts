import { and, asc, desc, eq, notExists, or, type SQL, sql } from "drizzle-orm";
import type {
  EmailLogEntry,
  MatchValidationSummary,
  StoredValidation,
} from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import {
  domainGroups,
  emailLogs,
  type NewsletterRow,
  newsletterArchive,
  newsletterDeliveries,
  newsletters,
  outgoingMessages,
} from "../../db/schema";
import {
  ROUND_ANNOUNCEMENT_KEY,
  roundAnnouncement,
  roundAnnouncementKey,
} from "../../outbox/kinds/round-announcement";
import { writeLogEntries } from "../email-logs/log-entries";
import { currentValidation } from "../present";
import {
  NEWSLETTER_MESSAGE_KEY,
  newsletterMessage,
  newsletterMessageKey,
} from "./newsletter-message";
import {
  type FailureStatus,
  failureReasons,
  RENDER_FAILED,
  replyCodeOf,
  sendStatusOf,
} from "./outcome";

/** What the log reads of a delivery, from the ledger or the outbox. */
type DeliveryRow = Pick<
  typeof newsletterDeliveries.$inferSelect,
  | "recipientEmail"
  | "matchEmail"
  | "state"
  | "sendStatus"
  | "sentAt"
  | "updatedAt"
  | "errorText"
  | "errorCode"
>;

/**
 * A send's messages in the outbox, as the log reads a delivery: the newsletter's (kind
 * `newsletter`) and a round announcement's (`round-announcement`). A message that failed reads the
 * status its outbox code and reason map to (outcome.ts `sendStatusOf`).
 */
async function outboxMessages(tx: Tx, newsletterId: number): Promise<DeliveryRow[]> {
  const rows = await tx
    .select()
    .from(outgoingMessages)
    .where(
      or(
        and(
          eq(outgoingMessages.kind, newsletterMessage.name),
          eq(outgoingMessages.onceKey, newsletterMessageKey(newsletterId)),
        ),
        and(
          eq(outgoingMessages.kind, roundAnnouncement.name),
          eq(outgoingMessages.onceKey, roundAnnouncementKey(newsletterId)),
        ),
      ),
    )
    .orderBy(asc(outgoingMessages.id));
  return rows.map((row) => {
    const sent = row.state === "sent";
    return {
      recipientEmail: row.recipient,
      matchEmail: matchEmailOf(row.kind, row.data),
      state: sent ? "sent" : "failed",
      sendStatus: sent ? "success" : sendStatusOf(row.errorCode, row.errorMessage),
      sentAt: row.sentAt,
      updatedAt: row.sentAt ?? row.createdAt,
      errorText: row.errorMessage,
      // The SMTP reply code when the server answered (550), as the log has always shown it.
      errorCode: replyCodeOf(row.errorMessage) ?? row.errorCode,
    };
  });
}

/** The partners' addresses the send log shows, read with the row's kind's schema. */
function matchEmailOf(kind: string, data: unknown): string | null {
  if (kind === newsletterMessage.name) {
    return newsletterMessage.schema.safeParse(data).data?.matchEmail ?? null;
  }
  const match = roundAnnouncement.schema.safeParse(data).data?.match;
  return match?.kind === "partners" ? match.partners.map((p) => p.email).join(", ") : null;
}

/**
 * A delivery of that newsletter (an id or a column) that has not ended yet: a message still
 * pending in the outbox, the newsletter's or a round announcement's (`outgoing_messages_key_idx`).
 * The old delivery ledger has none: migrations 0065, 0067 and 0070 moved every waiting delivery
 * of every kind to the outbox (docs/mail.md, "Moving a ledger kind here").
 */
const openDelivery = (newsletterId: number | SQL) =>
  sql`(select 1 from outgoing_messages open_m
      where open_m.kind = ${newsletterMessage.name}
        and open_m.once_key = ${NEWSLETTER_MESSAGE_KEY}::text || ${newsletterId}::text
        and open_m.state = 'pending'
    union all
    select 1 from outgoing_messages open_m
      where open_m.kind = ${roundAnnouncement.name}
        and open_m.once_key = ${ROUND_ANNOUNCEMENT_KEY}::text || ${newsletterId}::text
        and open_m.state = 'pending')`;

/**
 * A message of that newsletter whose e-mail could not be built (`ERENDER`). A round's
 * announcement has no editor to fix and send it again: it is sealed sent all the same, its
 * failures in the log (Retry failed deliveries).
 */
const unbuilt = (newsletterId: number) =>
  sql`(${newsletters.kind} = 'newsletter' and exists (select 1 from outgoing_messages unbuilt_m
      where unbuilt_m.kind = ${newsletterMessage.name}
        and unbuilt_m.once_key = ${newsletterMessageKey(newsletterId)}
        and unbuilt_m.state = 'failed' and unbuilt_m.error_code = ${RENDER_FAILED}))`;

/**
 * Ends a send whose every delivery has ended, in one transaction: status sent + sentAt, the e-mail
 * log and the archive snapshot (none for a round's announcement). The end of a retry of failed
 * deliveries keeps the first sentAt and archive and updates the send's log in place. A send with deliveries whose e-mail could not be
 * built is NOT sealed sent: it goes back to approved (no sentAt, no archive) with its log showing
 * the reasons, so that once the content or data is fixed, Send delivers to whom it did not reach.
 * Exactly once across processes: the conditional update takes the newsletter's row lock and only
 * matches while it is still `sending` with no open delivery, so a second process finishing at the
 * same moment updates nothing. Returns how this call ended it, or null when it did not.
 */
export async function finishSend(
  ctx: AppContext,
  newsletterId: number,
): Promise<"sent" | "held" | null> {
  const now = ctx.clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  return ctx.db.transaction(async (tx) => {
    const [newsletter] = await tx
      .update(newsletters)
      .set({
        status: sql`case when ${unbuilt(newsletterId)} then 'approved' else 'sent' end`,
        sentAt: sql`case when ${unbuilt(newsletterId)} then ${newsletters.sentAt}
                    else coalesce(${newsletters.sentAt}, ${at}) end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(newsletters.id, newsletterId),
          eq(newsletters.status, "sending"),
          notExists(openDelivery(newsletterId)),
        ),
      )
      .returning();
    if (!newsletter) return null;
    const deliveries = [
      ...(await tx
        .select()
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.newsletterId, newsletterId))
        .orderBy(asc(newsletterDeliveries.id))),
      ...(await outboxMessages(tx, newsletterId)),
    ];
    const archiveFilename = archiveFileName(newsletter);
    await writeEmailLog(tx, newsletter, deliveries, archiveFilename, now);
    if (newsletter.status !== "sent") return "held";
    if (newsletter.kind !== "newsletter") return "sent";
    await tx
      .insert(newsletterArchive)
      .values({
        newsletterId,
        archiveFilename,
        snapshot: { ...newsletter, totalRecipients: deliveries.length },
        archivedAt: now,
      })
      .onConflictDoNothing({ target: newsletterArchive.newsletterId });
    return "sent";
  });
}

/** Newsletters still marked sending although nothing is left to deliver (a crash right at the end). */
export async function finishedButOpen(ctx: AppContext): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, "sending"), notExists(openDelivery(sql`${newsletters.id}`))));
  return rows.map((r) => r.id);
}

export function archiveFileName(newsletter: Pick<NewsletterRow, "id" | "month" | "year">): string {
  const month = String(newsletter.month).padStart(2, "0");
  return `newsletter-${newsletter.year}-${month}-${newsletter.id}.json`;
}

async function writeEmailLog(
  tx: Tx,
  newsletter: NewsletterRow,
  deliveries: DeliveryRow[],
  archiveFilename: string,
  now: Date,
) {
  const validation = currentValidation(newsletter);
  const entries = deliveries.map((d) => logEntry(d, validation));
  const successful = deliveries.filter((d) => d.state === "sent").length;
  const outcome = {
    totalRecipients: deliveries.length,
    successfulSends: successful,
    failedSends: deliveries.length - successful,
    matchValidationSummary: validationSummary(deliveries, validation),
  };
  const [earlier] = await tx
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(eq(emailLogs.newsletterId, newsletter.id))
    .orderBy(desc(emailLogs.id))
    .limit(1);
  if (earlier) {
    await tx.update(emailLogs).set(outcome).where(eq(emailLogs.id, earlier.id));
    await writeLogEntries(tx, earlier.id, entries);
    return;
  }
  const group = newsletter.domainGroupId
    ? (
        await tx
          .select({ displayName: domainGroups.displayName })
          .from(domainGroups)
          .where(eq(domainGroups.id, newsletter.domainGroupId))
      )[0]
    : undefined;
  const [log] = await tx
    .insert(emailLogs)
    .values({
      newsletterId: newsletter.id,
      newsletterTitle: newsletter.title,
      month: newsletter.month,
      year: newsletter.year,
      sentAt: now,
      pairingFile: newsletter.pairingFile,
      archiveFilename,
      domainGroupId: newsletter.domainGroupId,
      domainGroupName: group?.displayName ?? null,
      ...outcome,
    })
    .returning({ id: emailLogs.id });
  await writeLogEntries(tx, log.id, entries);
}

function logEntry(d: DeliveryRow, validation: StoredValidation | null): EmailLogEntry {
  const issues = validation?.errors.filter((e) => e.includes(d.recipientEmail)) ?? [];
  const failed = d.state !== "sent";
  return {
    user_email: d.recipientEmail,
    match_email: d.matchEmail,
    send_status: d.sendStatus ?? (failed ? "failed" : "success"),
    match_validated: issues.length === 0,
    timestamp: (d.sentAt ?? d.updatedAt).toISOString(),
    error_message: failed ? d.errorText : null,
    error_code: failed ? d.errorCode : null,
    failure_reason: failed ? failureReasons[(d.sendStatus ?? "failed") as FailureStatus] : null,
    validation_issues: issues,
  };
}

function validationSummary(
  deliveries: DeliveryRow[],
  validation: StoredValidation | null,
): MatchValidationSummary {
  if (validation) {
    const total = validation.summary.usersWithMatches;
    const mismatches = Math.min(total, validation.summary.invalidMatches);
    return { total_matches: total, validated_matches: total - mismatches, mismatches };
  }
  const total = deliveries.filter((d) => d.matchEmail !== null).length;
  return { total_matches: total, validated_matches: total, mismatches: 0 };
}
