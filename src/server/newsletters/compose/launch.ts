import { createElement } from "react";
import type { AppContext } from "../../context";
import { departments } from "../../db/schema";
import { renderEmail } from "../../mail/render-email";
import { LaunchEmail } from "../../mail/templates/launch-email";
import { getCompanySettings } from "../../settings/company-settings";

export const LAUNCH_SUBJECT =
  "You are invited to Cup of Joe: a coffee chat with a colleague each month";

/**
 * The launch invitation (a `newsletters` row of kind `launch`, queued by ../send/queue-launch.ts):
 * one e-mail, the same for every address, rendered once per composition (composer.ts). It names
 * nobody's match, so it has no unsubscribe link and no pairing.
 */
export async function renderLaunchEmail(ctx: AppContext): Promise<{ html: string; text: string }> {
  const { name } = await getCompanySettings(ctx.db);
  const [department] = await ctx.db.select({ id: departments.id }).from(departments).limit(1);
  return renderEmail(
    createElement(LaunchEmail, {
      company: name,
      signInUrl: `${ctx.config.appUrl}/auth`,
      hasDepartments: department !== undefined,
    }),
  );
}
