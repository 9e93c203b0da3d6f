import { eq } from "drizzle-orm";
import { PASSWORD_LINK_HOURS } from "../../../shared/admin-accounts";
import type { AppContext } from "../../context";
import { passwordResetTokens, type SignInMailRow } from "../../db/schema";
import type { MailMessage } from "../../mail/mailer";
import { renderEmail } from "../../mail/render-email";
import { MagicLinkEmail } from "../../mail/templates/magic-link-email";
import { SetPasswordEmail } from "../../mail/templates/set-password-email";
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
  if (row.passwordResetTokenId !== null) return setPasswordMessage(ctx, row);
  const url = `${ctx.config.appUrl}/magic-auth?token=${encodeURIComponent(row.secret)}`;
  const hours = Math.round(settings.magicLinkTtlMs / 3_600_000);
  const { html, text } = await renderEmail(MagicLinkEmail({ url, hours }));
  return { to: row.email, subject: "Your Cup of Joe sign-in link", html, text, kind: "magic-link" };
}

/** An admin's set-password link: it opens /set-password, whose form sets it with a POST. */
async function setPasswordMessage(ctx: AppContext, row: SignInMailRow): Promise<MailMessage> {
  const [link] = await ctx.db
    .select({ purpose: passwordResetTokens.purpose })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.id, row.passwordResetTokenId ?? 0));
  const purpose = link?.purpose ?? "reset";
  const url = `${ctx.config.appUrl}/set-password?token=${encodeURIComponent(row.secret)}`;
  const { html, text } = await renderEmail(
    SetPasswordEmail({ url, hours: PASSWORD_LINK_HOURS, purpose }),
  );
  const subject =
    purpose === "invite"
      ? "You are now a Cup of Joe admin"
      : "Choose a new Cup of Joe admin password";
  return { to: row.email, subject, html, text, kind: "other" };
}
