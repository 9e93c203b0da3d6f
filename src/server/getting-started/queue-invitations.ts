import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { INVITATION_INTERVAL_HOURS, type InvitationsQueued } from "../../shared/invitations";
import { recordActivity } from "../activity/activity";
import { type NamedPerson, peopleLine } from "../activity/people-line";
import { normalizeEmail } from "../auth/email-address";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { allowedEmails, invitationOptOuts, outgoingMessages, users } from "../db/schema";
import { invitation } from "../outbox/kinds/invitation";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { queue } from "../outbox/queue";

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

/** Every invitation send, from either button, takes this lock first and re-reads under it. */
export async function lockInvitations(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727103, hashtext('invitations'))`);
}

export type SkippedInvitation = InvitationsQueued["skipped"][number];

/**
 * The one rule per person, whichever button sends (docs/admin-console.md, "Invitations"): an
 * address that asked for no more invitations gets none, and an address invited (the launch one
 * or a later one) less than a day ago waits for the day to pass. Read under lockInvitations.
 */
export async function dueForInvitation(
  tx: Db | Tx,
  emails: string[],
  now: Date,
): Promise<{ due: string[]; skipped: SkippedInvitation[] }> {
  return splitByInvitationRule(tx, emails, (last) => {
    const again = nextInviteAt(last, now);
    return again
      ? `Invited less than a day ago; it can be sent again from ${again.toISOString()}`
      : null;
  });
}

/**
 * The launch's rule per person (docs/admin-console.md, "Getting started"): it is the first
 * invitation, so an address that was sent one already (by either button, at any time) gets no
 * second from it, and an address that asked for no more invitations gets none. Later invitations
 * are the Email Whitelist's (dueForInvitation). Read under lockInvitations.
 */
export async function notYetInvited(
  tx: Db | Tx,
  emails: string[],
): Promise<{ due: string[]; skipped: SkippedInvitation[] }> {
  return splitByInvitationRule(tx, emails, (last) =>
    last ? `Invited already, on ${last.toISOString()}` : null,
  );
}

/**
 * The addresses due an invitation and those skipped with their reason: an address that asked for
 * no more invitations is skipped, and so is one whose last invitation `tooSoon` gives a reason for.
 */
async function splitByInvitationRule(
  tx: Db | Tx,
  emails: string[],
  tooSoon: (last: Date | undefined) => string | null,
): Promise<{ due: string[]; skipped: SkippedInvitation[] }> {
  const [last, stopped] = await Promise.all([
    lastInvited(tx, emails),
    invitationsStopped(tx, emails),
  ]);
  const due: string[] = [];
  const skipped: SkippedInvitation[] = [];
  for (const email of emails) {
    const reason = stopped.has(email) ? "Asked for no more invitations" : tooSoon(last.get(email));
    if (reason) skipped.push({ email, reason });
    else due.push(email);
  }
  return { due, skipped };
}

/** Which of these addresses asked for no more invitations (the invitation's unsubscribe). */
export async function invitationsStopped(db: Db | Tx, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ email: invitationOptOuts.email })
      .from(invitationOptOuts)
      .where(inArray(invitationOptOuts.email, emails.slice(i, i + INSERT_BATCH)));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/**
 * Queues the invitation (the launch e-mail) in the outbox (docs/mail.md) to whitelisted addresses
 * of people who have not signed up, in one transaction: one message per address, delivered through
 * an outage, its log under Automatic e-mails. An address not on the whitelist as itself, whose
 * person already has an account, or that the rule per person leaves out (dueForInvitation) is left
 * out with the reason. Concurrency: the launch takes the same lock, so two presses of either
 * button cannot both invite the same address within the day.
 */
export async function queueInvitations(
  ctx: AppContext,
  by: NamedPerson,
  rawEmails: string[],
): Promise<InvitationsQueued> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockInvitations(tx);
    const chosen = await chooseInvitees(tx, rawEmails);
    const { due, skipped } = await dueForInvitation(tx, chosen.invite, now);
    skipped.unshift(...chosen.skipped);
    if (due.length === 0)
      return { queued: 0, skipped, message: "Nobody was invited: see the reasons below." };
    let queued = 0;
    for (let i = 0; i < due.length; i += INSERT_BATCH) {
      const batch = due.slice(i, i + INSERT_BATCH);
      queued += await queue(ctx, tx, invitation, batch, { invitedAt: now.toISOString() });
    }
    const people = `${queued} ${queued === 1 ? "person" : "people"}`;
    await recordActivity(
      ctx,
      {
        kind: "invitations.sent",
        detail: peopleLine`${by} sent the invitation to ${people}.`,
        data: { by: by.id, queued },
      },
      tx,
    );
    return { queued, skipped, message: `Sending the invitation to ${people}.` };
  });
}

async function chooseInvitees(tx: Tx, rawEmails: string[]) {
  const skipped: SkippedInvitation[] = [];
  const wanted = new Set<string>();
  for (const raw of rawEmails) {
    const email = normalizeEmail(raw);
    if (!email) skipped.push({ email: raw, reason: "Not a valid e-mail address" });
    else wanted.add(email);
  }
  const list = [...wanted];
  const [entries, accounts] = await Promise.all([
    tx
      .select({ email: allowedEmails.email })
      .from(allowedEmails)
      .where(and(eq(allowedEmails.isActive, true), inArray(allowedEmails.email, list))),
    tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, list)),
  ]);
  const listed = new Set(entries.map((e) => e.email));
  const signedUp = new Set(accounts.map((a) => a.email));
  const invite: string[] = [];
  for (const email of list) {
    if (!listed.has(email))
      skipped.push({ email, reason: "Not on the whitelist as a single address" });
    else if (signedUp.has(email)) skipped.push({ email, reason: "Already signed up" });
    else invite.push(email);
  }
  return { invite, skipped };
}
