import { and, eq, sql } from "drizzle-orm";
import { recordActivity } from "../activity/activity";
import { type NamedPerson, peopleLine } from "../activity/people-line";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { invitedNotJoinedSql, provisionedNotJoinedSql } from "../db/employee";
import { allowedEmails, settings, users } from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { queue } from "../outbox/queue";
import { lockInvitations, notYetInvited, type SkippedInvitation } from "./queue-invitations";

/** A settings row saying when the launch invitation was queued: there is one launch per install. */
export const LAUNCHED_KEY = "launch_sent";
/** Rows per insert: well under PostgreSQL's 65,535 parameters of one statement. */
const INSERT_BATCH = 5000;
const NOBODY =
  "Nobody is waiting for the invitation by e-mail: everyone the whitelist names by address has signed up, and a *@domain entry names no mailbox. Share the sign-in address instead.";
const EVERYONE_INVITED =
  "Everyone the invitation would reach was invited already or asked for no more invitations: see Not Signed Up Yet on the Email Whitelist tab.";
const ALREADY_SENT =
  "The launch invitation has already been sent: its log is under Automatic e-mails in Email Send Logs.";

/**
 * Whom the launch invitation is for: the people who have not signed up. That is every single
 * address on the whitelist with no account yet (the Not Signed Up Yet list; a `*@domain` entry
 * names no mailbox, its people get the shared sign-in address), and every account made for
 * someone who has not signed up (provisioned by SCIM, profile not finished) that the whitelist
 * admits, except admins and whoever opted out or was deactivated. Nobody who signed up, whatever
 * entry admits them. One address each, in lower case, sorted; whom it leaves out for having been
 * invited already is notYetInvited's.
 */
export async function launchRecipients(db: Db | Tx): Promise<string[]> {
  const [addresses, accounts] = await Promise.all([
    db.select({ email: allowedEmails.email }).from(allowedEmails).where(invitedNotJoinedSql),
    db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          provisionedNotJoinedSql,
          eq(users.isAdmin, false),
          eq(users.isActive, true),
          sql`${users.participationStatus} <> 'opted_out'`,
          sql`${whitelistEntrySql(users.email, "id")} is not null`,
        ),
      ),
  ]);
  const unique = new Set([...addresses, ...accounts].map(({ email }) => email.toLowerCase()));
  return [...unique].sort((a, b) => a.localeCompare(b));
}

/**
 * Queues the launch invitation in the outbox (docs/mail.md), one message per recipient, in one
 * transaction with the settings row that records it: the outbox delivers it through an outage and
 * its per-recipient log is under Automatic e-mails. Under the invitations' lock, whom it reaches is
 * read again and whoever was invited already (by the Email Whitelist's button, at any time) or
 * asked for no more invitations is left out (notYetInvited). 400 when nobody has not signed up;
 * 409 when it was sent before (the settings row is the install's one launch; a second press writes
 * nothing), or when the rule leaves nobody to send it to (then nothing is recorded).
 */
export async function queueLaunch(
  ctx: AppContext,
  by: NamedPerson,
): Promise<{ queued: number; skipped: SkippedInvitation[] }> {
  const at = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockInvitations(tx);
    const before = await tx
      .select({ key: settings.key })
      .from(settings)
      .where(eq(settings.key, LAUNCHED_KEY));
    if (before.length > 0) return null;
    const recipients = await launchRecipients(tx);
    if (recipients.length === 0) throw new BadRequest(NOBODY, "no_recipients");
    const { due, skipped } = await notYetInvited(tx, recipients);
    if (due.length === 0) return { queued: 0, skipped };
    await tx.insert(settings).values({ key: LAUNCHED_KEY, value: { at: at.toISOString() } });
    let count = 0;
    for (let i = 0; i < due.length; i += INSERT_BATCH) {
      const batch = due.slice(i, i + INSERT_BATCH);
      count += await queue(ctx, tx, launchInvitation, batch, {});
    }
    const people = `${count} ${count === 1 ? "person" : "people"}`;
    await recordActivity(
      ctx,
      {
        kind: "invitations.sent",
        detail: peopleLine`${by} sent the launch invitation to ${people}.`,
        data: { by: by.id, queued: count, launch: true },
      },
      tx,
    );
    return { queued: count, skipped };
  });
  if (outcome === null) throw new Conflict(ALREADY_SENT, "launch_sent");
  if (outcome.queued === 0) throw new Conflict(EVERYONE_INVITED, "everyone_invited");
  return outcome;
}
