import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { INVITATION_INTERVAL_HOURS, type InvitationsQueued } from "../../shared/invitations";
import { normalizeEmail } from "../auth/email-address";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { allowedEmails, outgoingMessages, users } from "../db/schema";
import { invitation } from "../outbox/kinds/invitation";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { queueMessages } from "../outbox/queue-messages";

const INSERT_BATCH = 5000;
const INTERVAL_MS = INVITATION_INTERVAL_HOURS * 3600_000;

/**
 * When each of these addresses was last sent an invitation (the launch one or a later one), from
 * the outbox: both kinds carry a key, so the partial index on kind, recipient and key answers.
 */
export async function lastInvited(db: Db | Tx, emails: string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  for (let i = 0; i < emails.length; i += INSERT_BATCH) {
    const rows = await db
      .select({
        email: outgoingMessages.recipient,
        at: sql<Date>`max(${outgoingMessages.createdAt})`.mapWith((v) => new Date(v)),
      })
      .from(outgoingMessages)
      .where(
        and(
          inArray(outgoingMessages.kind, [launchInvitation.name, invitation.name]),
          inArray(outgoingMessages.recipient, emails.slice(i, i + INSERT_BATCH)),
          isNotNull(outgoingMessages.onceKey),
        ),
      )
      .groupBy(outgoingMessages.recipient);
    for (const row of rows) found.set(row.email, row.at);
  }
  return found;
}

/** When an address invited at `last` may be invited again; null when it may now. */
export function nextInviteAt(last: Date | undefined, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + INTERVAL_MS);
  return next > now ? next : null;
}

/**
 * Queues the invitation (the launch e-mail) in the outbox (docs/mail.md) to whitelisted addresses
 * of people who have not signed up, in one transaction: one message per address, delivered through
 * an outage, its log under Automatic e-mails. An address invited less than a day ago, not on the
 * whitelist as itself, or whose person already has an account is left out with the reason.
 * Concurrency: one advisory lock serialises these sends, so two presses cannot both invite the
 * same address within the day.
 */
export async function queueInvitations(
  ctx: AppContext,
  rawEmails: string[],
): Promise<InvitationsQueued> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727103, hashtext('invitations'))`);
    const { invite, skipped } = await chooseInvitees(tx, rawEmails, now);
    if (invite.length === 0)
      return { queued: 0, skipped, message: "Nobody was invited: see the reasons below." };
    let queued = 0;
    for (let i = 0; i < invite.length; i += INSERT_BATCH) {
      const batch = invite.slice(i, i + INSERT_BATCH);
      queued += await queueMessages(ctx, tx, invitation, batch, { invitedAt: now.toISOString() });
    }
    const people = `${queued} ${queued === 1 ? "person" : "people"}`;
    return { queued, skipped, message: `Sending the invitation to ${people}.` };
  });
}

async function chooseInvitees(tx: Tx, rawEmails: string[], now: Date) {
  const skipped: InvitationsQueued["skipped"] = [];
  const wanted = new Set<string>();
  for (const raw of rawEmails) {
    const email = normalizeEmail(raw);
    if (!email) skipped.push({ email: raw, reason: "Not a valid e-mail address" });
    else wanted.add(email);
  }
  const list = [...wanted];
  const [entries, accounts, last] = await Promise.all([
    tx
      .select({ email: allowedEmails.email })
      .from(allowedEmails)
      .where(and(eq(allowedEmails.isActive, true), inArray(allowedEmails.email, list))),
    tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, list)),
    lastInvited(tx, list),
  ]);
  const listed = new Set(entries.map((e) => e.email));
  const signedUp = new Set(accounts.map((a) => a.email));
  const invite: string[] = [];
  for (const email of list) {
    const again = nextInviteAt(last.get(email), now);
    if (!listed.has(email))
      skipped.push({ email, reason: "Not on the whitelist as a single address" });
    else if (signedUp.has(email)) skipped.push({ email, reason: "Already signed up" });
    else if (again)
      skipped.push({
        email,
        reason: `Invited less than a day ago; it can be sent again from ${again.toISOString()}`,
      });
    else invite.push(email);
  }
  return { invite, skipped };
}
