import { and, eq, sql } from "drizzle-orm";
import { LINK_PAIRING_FIRST, type SendStarted } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { newsletters } from "../../db/schema";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { listRecipients, type Recipient } from "./messages";

const INSERT_BATCH = 5000;

export const ALREADY_SENDING = "This newsletter is already being sent.";
export const ALREADY_SENT = "This newsletter has already been sent.";
export const APPROVE_FIRST = "Please approve this newsletter before sending it.";
export const NOBODY_TO_SEND_TO =
  "The linked pairing group has nobody to send this newsletter to. Edit the newsletter to select another pairing group.";

/**
 * Starts a send: in ONE transaction the newsletter turns from approved to sending and one delivery
 * row per recipient is written (unique per newsletter + address). The workers of every app process
 * then deliver those rows (worker.ts); nothing is sent from the request. The send records this
 * process's mail transport: only processes with the same one deliver it. The conditional update is
 * the concurrency rule: of two sends at once only one finds the newsletter still approved.
 */
export async function startSend(ctx: AppContext, newsletterId: number): Promise<SendStarted> {
  const [newsletter] = await ctx.db
    .select({ status: newsletters.status, pairingFile: newsletters.pairingFile })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  assertSendable(newsletter);

  const recipients = uniqueByAddress(await listRecipients(ctx, newsletterId));
  if (recipients.length === 0) throw new BadRequest(NOBODY_TO_SEND_TO, "no_recipients");

  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(newsletters)
      .set({ status: "sending", mailTransport: ctx.mailer.fingerprint, updatedAt: now })
      .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, "approved")))
      .returning({ id: newsletters.id });
    if (!claimed) throw new Conflict(ALREADY_SENDING, "already_sending");
    let count = 0;
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      count += await queueDeliveries(tx, newsletterId, recipients.slice(i, i + INSERT_BATCH), now);
    }
    return count;
  });
  return {
    status: "sending",
    total: queued,
    message: `Sending to ${queued} ${queued === 1 ? "person" : "people"}.`,
  };
}

function assertSendable(newsletter: { status: string; pairingFile: string | null }) {
  if (newsletter.status === "sending") throw new Conflict(ALREADY_SENDING, "already_sending");
  if (newsletter.status === "sent") throw new Conflict(ALREADY_SENT, "already_sent");
  if (newsletter.status !== "approved") throw new BadRequest(APPROVE_FIRST, "not_approved");
  if (!newsletter.pairingFile) throw new BadRequest(LINK_PAIRING_FIRST, "no_pairing");
}

/** One delivery per address (case-insensitive): the ledger's unique key is newsletter + address. */
function uniqueByAddress<T extends { email: string }>(recipients: T[]): T[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One INSERT per few thousand rows, the rows passed as one JSON parameter: far cheaper for the
 * database than thousands of bound parameters. A newsletter sent before (it came back to approved
 * because some e-mails could not be built) already has rows: its failed ones are queued again,
 * its sent ones are left alone. Returns how many deliveries were queued.
 */
async function queueDeliveries(tx: Tx, newsletterId: number, rows: Recipient[], now: Date) {
  const json = JSON.stringify(
    rows.map((r) => ({ user_id: r.userId, email: r.email, match_email: r.matchEmail })),
  );
  const result = await tx.execute(sql`
    insert into newsletter_deliveries
      (newsletter_id, user_id, recipient_email, match_email, created_at, updated_at)
    select ${newsletterId}::int, r.user_id, r.email, r.match_email,
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as r(user_id uuid, email text, match_email text)
    on conflict on constraint newsletter_deliveries_once_per_recipient do update
      set state = 'pending', user_id = excluded.user_id, match_email = excluded.match_email,
          send_status = null, next_attempt_at = null, failing_since = null, claimed_by = null,
          lease_expires_at = null, updated_at = excluded.updated_at
      where newsletter_deliveries.state = 'failed'
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
