import { and, eq, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { allowedEmails, settings, users } from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { queueMessages } from "../outbox/queue-messages";

/** A settings row saying when the launch invitation was queued: there is one launch per install. */
export const LAUNCHED_KEY = "launch_sent";
/** Rows per insert: well under PostgreSQL's 65,535 parameters of one statement. */
const INSERT_BATCH = 5000;
const NOBODY =
  "The whitelist names no single address to e-mail: its domain entries name no mailbox. Share the sign-in address instead.";
const ALREADY_SENT =
  "The launch invitation has already been sent: its log is under Automatic e-mails in Email Send Logs.";

/**
 * Whom the launch invitation reaches: every single address on the whitelist (a `*@domain` entry
 * names no mailbox; its people get the shared sign-in address), and everyone with an account the
 * whitelist admits (e.g. provisioned by SCIM), except admins and whoever opted out or was
 * deactivated. One address each (case-insensitive), sorted.
 */
export async function launchRecipients(db: Db): Promise<string[]> {
  const [addresses, accounts] = await Promise.all([
    db
      .select({ email: allowedEmails.email })
      .from(allowedEmails)
      .leftJoin(users, eq(users.email, allowedEmails.email))
      .where(
        and(
          eq(allowedEmails.isActive, true),
          sql`${allowedEmails.email} not like '*@%'`,
          sql`coalesce(${users.isAdmin}, false) = false`,
          sql`coalesce(${users.isActive}, true)`,
          sql`coalesce(${users.participationStatus}, 'active') <> 'opted_out'`,
        ),
      ),
    db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, false),
          eq(users.isActive, true),
          sql`${users.participationStatus} <> 'opted_out'`,
          sql`${whitelistEntrySql(users.email, "id")} is not null`,
        ),
      ),
  ]);
  const byAddress = new Map<string, string>();
  for (const { email } of [...addresses, ...accounts]) {
    if (!byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
  }
  return [...byAddress.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * Queues the launch invitation in the outbox (docs/mail.md), one message per recipient, in one
 * transaction with the settings row that records it: the outbox delivers it through an outage and
 * its per-recipient log is under Automatic e-mails. 409 when it was sent before (the settings row
 * is the install's one launch; a second press writes nothing).
 */
export async function queueLaunch(ctx: AppContext): Promise<{ queued: number }> {
  const recipients = await launchRecipients(ctx.db);
  if (recipients.length === 0) throw new BadRequest(NOBODY, "no_recipients");
  const at = ctx.clock.now().toISOString();
  const queued = await ctx.db.transaction(async (tx) => {
    const [launched] = await tx
      .insert(settings)
      .values({ key: LAUNCHED_KEY, value: { at } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!launched) return null;
    let count = 0;
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      const batch = recipients.slice(i, i + INSERT_BATCH);
      count += await queueMessages(ctx, tx, launchInvitation, batch, {});
    }
    return count;
  });
  if (queued === null) throw new Conflict(ALREADY_SENT, "launch_sent");
  return { queued };
}
