import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import { allowedEmails, users } from "../../db/schema";
import type { MessageKind } from "../message-kind";
import { invitationEmail, withholdStoppedInvitation } from "./launch-invitation";

const invitationReminderData = z.object({
  /** The first reminder or the second (there are no more). */
  reminder: z.union([z.literal(1), z.literal(2)]),
});
export type InvitationReminderData = z.infer<typeof invitationReminderData>;

/**
 * Delivery holds back a reminder to an address that joined, left the whitelist or asked for no
 * more invitations since it was queued.
 */
async function withholdReminder(
  ctx: AppContext,
  data: InvitationReminderData,
  recipient: string,
): Promise<string | null> {
  const stopped = await withholdStoppedInvitation(ctx, data, recipient);
  if (stopped) return stopped;
  const email = recipient.toLowerCase();
  const [joined] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (joined) return "Not sent: the address has joined since.";
  const [listed] = await ctx.db
    .select({ id: allowedEmails.id })
    .from(allowedEmails)
    .where(and(eq(allowedEmails.email, email), eq(allowedEmails.isActive, true)));
  return listed ? null : "Not sent: the address is no longer on the whitelist.";
}

/**
 * The reminder to an invited address that has not joined (docs/mail.md, "Invitations and
 * reminders"): the invitation again under its own subject, at most twice per address (the keys
 * `reminder-1` and `reminder-2`), queued by the daily invitation-reminders job.
 */
export const invitationReminder = {
  name: "invitation-reminder",
  mailKind: "other",
  schema: invitationReminderData,
  onceKey: (data) => `reminder-${data.reminder}`,
  withhold: withholdReminder,
  render: (ctx, _data, recipient) => invitationEmail(ctx, recipient, true),
} satisfies MessageKind<InvitationReminderData>;
