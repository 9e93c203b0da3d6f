import type { AppContext } from "../../context";
import type { SignInMailRow } from "../../db/schema";
import type { MailMessage } from "../../mail/mailer";
import { renderEmail } from "../../mail/render-email";
import { MagicLinkEmail } from "../../mail/templates/magic-link-email";
import { SignInCodeEmail } from "../../mail/templates/sign-in-code-email";
import { getAuthSettings } from "../auth-settings";

/** The e-mail of a queued code or link, rendered when it is sent (never in the request). */
export async function signInMessage(ctx: AppContext, row: SignInMailRow): Promise<MailMessage> {
  const settings = await getAuthSettings(ctx);
  if (row.authCodeId !== null) {
    const minutes = Math.round(settings.codeTtlMs / 60_000);
    const { html, text } = await renderEmail(SignInCodeEmail({ code: row.secret, minutes }));
    return {
      to: row.email,
      subject: "Your Cup of Joe sign-in code",
      html,
      text,
      kind: "sign-in-code",
      signInCode: row.secret,
    };
  }
  const url = `${ctx.config.appUrl}/magic-auth?token=${encodeURIComponent(row.secret)}`;
  const hours = Math.round(settings.magicLinkTtlMs / 3_600_000);
  const { html, text } = await renderEmail(MagicLinkEmail({ url, hours }));
  return { to: row.email, subject: "Your Cup of Joe sign-in link", html, text, kind: "magic-link" };
}
