import { and, eq, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { allowedEmails, newsletters, users } from "../../db/schema";
import { BadRequest, Conflict } from "../../errors";
import { type QueuedRecipient, queueDeliveries } from "./ledger";
import { uniqueByAddress } from "./start-send";

const INSERT_BATCH = 5000;
export const LAUNCH_TITLE = "Launch invitation";
const NOBODY =
  "The whitelist names no single address to e-mail: its domain entries name no mailbox. Share the sign-in address instead.";
const ALREADY_SENT = "The launch invitation has already been sent: its log is in Email Send Logs.";

/**
 * Whom the launch invitation reaches: every single address on the whitelist (a `*@domain` entry
 * names no mailbox; its people get the shared sign-in address), and everyone with an account the
 * whitelist admits (e.g. provisioned by SCIM), except admins and whoever opted out or was
 * deactivated.
 */
export async function launchRecipients(db: Db): Promise<QueuedRecipient[]> {
  const [addresses, accounts] = await Promise.all([
    db
      .select({ email: allowedEmails.email, userId: users.id })
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
      .select({ email: users.email, userId: users.id })
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
  return uniqueByAddress(
    [...addresses, ...accounts].map((r) => ({
      userId: r.userId,
      email: r.email,
      matchEmail: null,
    })),
  ).sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * Queues the launch invitation in the delivery ledger (README.md here): a `newsletters` row of
 * kind `launch` (one per install, a unique index), already `sending`, and one delivery per
 * recipient, in one transaction; the delivery workers send it like any newsletter (claims,
 * retries through an outage, a crashed process's deliveries taken over) and its log appears in
 * Email Send Logs. 409 when it was sent before.
 */
export async function queueLaunch(
  ctx: AppContext,
): Promise<{ newsletterId: number; queued: number }> {
  const recipients = await launchRecipients(ctx.db);
  if (recipients.length === 0) throw new BadRequest(NOBODY, "no_recipients");
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletters)
      .values({
        kind: "launch",
        status: "sending",
        month: now.getUTCMonth() + 1,
        year: now.getUTCFullYear(),
        title: LAUNCH_TITLE,
        mailTransport: ctx.mailer.fingerprint,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: newsletters.kind, where: sql`${newsletters.kind} = 'launch'` })
      .returning({ id: newsletters.id });
    if (!row) return null;
    let queued = 0;
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      queued += await queueDeliveries(tx, row.id, recipients.slice(i, i + INSERT_BATCH), now);
    }
    return { newsletterId: row.id, queued };
  });
  if (!result) throw new Conflict(ALREADY_SENT, "launch_sent");
  return result;
}
