import { sql } from "drizzle-orm";
import { INVITATION_REMINDER_DAYS } from "../../../shared/invitations";
import type { AppContext } from "../../context";
import { invitationReminder } from "../../outbox/kinds/invitation-reminder";
import { queue } from "../../outbox/queue";

const DAY_MS = 24 * 3600_000;
const [FIRST_DAYS, SECOND_DAYS] = INVITATION_REMINDER_DAYS;

interface Waiting {
  email: string;
  first_at: string | Date;
  reminded_at: string | Date | null;
}

/**
 * Queues the reminders that fell due (docs/mail.md, "Invitations and reminders"): to each address
 * invited (the launch or a later invitation) that is still on the whitelist, has no account and
 * did not ask for no more invitations, the first reminder 3 days after its first invitation and
 * the second 10 days after it (and a week after the first reminder): never more than two, days
 * apart even after downtime. The kind's keys make a second run queue nothing twice (the daily job
 * runs it once a day across processes). Answers how many were queued.
 */
export async function queueInvitationReminders(ctx: AppContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with invited as (
        select recipient as email, min(created_at) as first_at from outgoing_messages
        where kind in ('launch-invitation', 'invitation') and once_key is not null
        group by recipient
      )
      select i.email, i.first_at, r1.created_at as reminded_at
      from invited i
      join allowed_emails a on a.email = i.email and a.is_active
      left join outgoing_messages r1 on r1.kind = ${invitationReminder.name}
        and r1.recipient = i.email and r1.once_key = 'reminder-1'
      where not exists (select 1 from users u where lower(u.email) = i.email)
        and not exists (select 1 from invitation_opt_outs o where o.email = i.email)
        and not exists (select 1 from outgoing_messages r2 where r2.kind = ${invitationReminder.name}
          and r2.recipient = i.email and r2.once_key = 'reminder-2')
        and i.first_at <= ${new Date(now.getTime() - FIRST_DAYS * DAY_MS).toISOString()}::timestamptz`);
    const first: string[] = [];
    const second: string[] = [];
    for (const row of (result as unknown as { rows: Waiting[] }).rows) {
      const firstAt = new Date(row.first_at).getTime();
      if (!row.reminded_at) first.push(row.email);
      else if (
        firstAt + SECOND_DAYS * DAY_MS <= now.getTime() &&
        new Date(row.reminded_at).getTime() + (SECOND_DAYS - FIRST_DAYS) * DAY_MS <= now.getTime()
      )
        second.push(row.email);
    }
    return (
      (await queue(ctx, tx, invitationReminder, first, { reminder: 1 })) +
      (await queue(ctx, tx, invitationReminder, second, { reminder: 2 }))
    );
  });
}
