import { createElement } from "react";
import { getCompanySettings } from "../../company/company-settings";
import type { AppContext } from "../../context";
import type { NewsletterRow } from "../../db/schema";
import { renderEmail } from "../../mail/render-email";
import { LaunchEmail } from "../../mail/templates/launch-email";
import type { ComposedMessage, Composition } from "./composer";

export const LAUNCH_SUBJECT =
  "You are invited to Cup of Joe: a coffee chat with a colleague each month";

/**
 * The launch invitation's composition (a `newsletters` row of kind `launch`, queued by
 * ../send/queue-launch.ts): one e-mail, the same for every address, rendered once in prepare().
 * It names nobody's match, so it has no unsubscribe link and no pairing; its recipients are the
 * ledger rows queue-launch.ts wrote from the whitelist, not a list composed here.
 */
export async function composeLaunch(
  ctx: AppContext,
  newsletter: NewsletterRow,
): Promise<Composition> {
  const signInUrl = `${ctx.config.appUrl}/auth`;
  let rendered: { html: string; text: string } | null = null;
  const prepare = async () => {
    if (rendered) return;
    const { name } = await getCompanySettings(ctx.db);
    rendered = await renderEmail(createElement(LaunchEmail, { company: name, signInUrl }));
  };
  const messageFor = ({ email }: { email: string }): ComposedMessage => {
    if (!rendered) throw new Error("prepare() the launch invitation first");
    return { to: email, subject: LAUNCH_SUBJECT, ...rendered, headers: {} };
  };
  return {
    newsletter,
    audience: null,
    recipients: [],
    validate: () => {
      throw new Error("The launch invitation names no pairing to validate.");
    },
    prepare,
    messageFor,
    preview: async (email) => {
      await prepare();
      return {
        ...messageFor({ email }),
        matchInfo: { found: false, partner: null, partners: [] },
        userFound: false,
      };
    },
  };
}
