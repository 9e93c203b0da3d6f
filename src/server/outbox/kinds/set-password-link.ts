import { eq } from "drizzle-orm";
import { PASSWORD_LINK_HOURS } from "../../../shared/admin-accounts";
import type { PasswordLinkPurpose } from "../../../shared/enums";
import { passwordResetTokens } from "../../db/schema";
import { SetPasswordEmail } from "../../mail/templates/set-password-email";
import type { MessageKind } from "../message-kind";
import { type SignInMailData, signInMailRules } from "../sign-in-mail";

export interface SetPasswordLinkData extends SignInMailData {
  passwordResetTokenId: number;
  purpose: PasswordLinkPurpose;
}

/**
 * An admin's set-password link (docs/sign-in.md, "Set-password links"): it opens /set-password,
 * whose form sets the password with a POST. Urgent and withdrawn when it cannot be sent, as a
 * sign-in link is.
 */
export const setPasswordLink = {
  name: "set-password-link",
  mailKind: "other",
  ...signInMailRules<SetPasswordLinkData>("set-password link"),
  async onFailed(tx, data) {
    await tx
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.id, data.passwordResetTokenId));
  },
  render: (ctx, data) => ({
    subject:
      data.purpose === "invite"
        ? "You are now a Cup of Joe admin"
        : "Choose a new Cup of Joe admin password",
    template: SetPasswordEmail({
      url: `${ctx.config.appUrl}/set-password?token=${encodeURIComponent(data.secret)}`,
      hours: PASSWORD_LINK_HOURS,
      purpose: data.purpose,
    }),
  }),
} satisfies MessageKind<SetPasswordLinkData>;
