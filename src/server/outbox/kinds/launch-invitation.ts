import type { AppContext } from "../../context";
import { departments } from "../../db/schema";
import { LaunchEmail } from "../../mail/templates/launch-email";
import { getCompanySettings } from "../../settings/company-settings";
import type { MessageKind, RenderedMessage } from "../message-kind";

export const LAUNCH_SUBJECT =
  "You are invited to Cup of Joe: a coffee chat with a colleague each month";

/**
 * The invitation e-mail, the same for every address (the launch one and a later one): what the
 * programme is and how to sign in, with the company as it is at delivery. It names nobody's
 * match, so it has no unsubscribe link.
 */
export async function invitationEmail(ctx: AppContext): Promise<RenderedMessage> {
  const { name } = await getCompanySettings(ctx.db);
  const [department] = await ctx.db.select({ id: departments.id }).from(departments).limit(1);
  return {
    subject: LAUNCH_SUBJECT,
    template: LaunchEmail({
      company: name,
      signInUrl: `${ctx.config.appUrl}/auth`,
      hasDepartments: department !== undefined,
    }),
  };
}

/** The launch carries nothing of its own: every address gets the same e-mail. */
export type LaunchInvitationData = Record<string, never>;

/**
 * The launch invitation (docs/admin-console.md, "Getting started"): to every single address on
 * the whitelist and every account it admits, once per install and address (the key `launch`).
 */
export const launchInvitation = {
  name: "launch-invitation",
  mailKind: "other",
  onceKey: () => "launch",
  render: (ctx) => invitationEmail(ctx),
} satisfies MessageKind<LaunchInvitationData>;
