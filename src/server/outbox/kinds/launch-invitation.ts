import { and, eq, not, sql } from "drizzle-orm";
import { z } from "zod";
import { getAuthSecret } from "../../app-secret";
import type { AppContext } from "../../context";
import { provisionedNotJoinedSql } from "../../db/employee";
import { departments, invitationOptOuts, users } from "../../db/schema";
import {
  invitationUnsubscribeToken,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "../../mail/signed-links";
import { LaunchEmail } from "../../mail/templates/launch-email";
import { getCompanySettings } from "../../settings/company-settings";
import type { MessageKind, RenderedMessage } from "../message-kind";

export const LAUNCH_SUBJECT =
  "You are invited to Cup of Joe: a coffee chat with a colleague each month";

export const REMINDER_SUBJECT = "Your invitation to Cup of Joe is waiting";

/**
 * The invitation e-mail (the launch one, a later one, and the reminders): what the programme is
 * and how to sign in, with the company as it is at delivery. Bulk mail by the senders' rules: an
 * unsubscribe link for the address and the List-Unsubscribe headers with RFC 8058 one-click
 * (docs/mail.md, "Invitations and reminders"), which stop every further invitation to it.
 */
export async function invitationEmail(
  ctx: AppContext,
  recipient: string,
  reminder = false,
): Promise<RenderedMessage> {
  const [{ name }, [department], secret] = await Promise.all([
    getCompanySettings(ctx.db),
    ctx.db.select({ id: departments.id }).from(departments).limit(1),
    getAuthSecret(ctx),
  ]);
  const unsubscribe = unsubscribeUrl(
    ctx.config.appUrl,
    invitationUnsubscribeToken(secret, recipient.toLowerCase()),
  );
  return {
    subject: reminder ? REMINDER_SUBJECT : LAUNCH_SUBJECT,
    headers: unsubscribeHeaders(unsubscribe),
    template: LaunchEmail({
      company: name,
      signInUrl: `${ctx.config.appUrl}/auth`,
      hasDepartments: department !== undefined,
      unsubscribeUrl: unsubscribe,
      reminder,
    }),
  };
}

/** Delivery holds back an invitation whose address asked for no more since it was queued. */
export async function withholdStoppedInvitation(
  ctx: AppContext,
  _data: unknown,
  recipient: string,
): Promise<string | null> {
  const [stopped] = await ctx.db
    .select({ email: invitationOptOuts.email })
    .from(invitationOptOuts)
    .where(eq(invitationOptOuts.email, recipient.toLowerCase()));
  return stopped ? "Not sent: the address asked for no more invitations." : null;
}

/**
 * Delivery holds back an invitation (the launch one or a later one) whose address asked for no
 * more, or whose person signed up, since it was queued: an invitation never reaches someone who
 * signed up, however long the outbox held it (an outage, a crashed process).
 */
export async function withholdInvitation(
  ctx: AppContext,
  data: unknown,
  recipient: string,
): Promise<string | null> {
  const stopped = await withholdStoppedInvitation(ctx, data, recipient);
  if (stopped) return stopped;
  const [joined] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${recipient.toLowerCase()}`, not(provisionedNotJoinedSql)),
    );
  return joined ? "Not sent: the address has signed up since." : null;
}

/** The launch carries nothing of its own: every address gets the same e-mail. */
const launchInvitationData = z.object({});
export type LaunchInvitationData = z.infer<typeof launchInvitationData>;

/**
 * The launch invitation (docs/admin-console.md, "Getting started"): to the people who have not
 * signed up (getting-started/queue-launch.ts decides who), once per install and address (the key
 * `launch`).
 */
export const launchInvitation = {
  name: "launch-invitation",
  mailKind: "other",
  schema: launchInvitationData,
  onceKey: () => "launch",
  withhold: withholdInvitation,
  render: (ctx, _data, recipient) => invitationEmail(ctx, recipient),
} satisfies MessageKind<LaunchInvitationData>;
