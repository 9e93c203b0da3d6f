import { eq } from "drizzle-orm";
import { z } from "zod";
import { PASSWORD_LINK_HOURS } from "../../../shared/admin-accounts";
import { passwordLinkPurposes } from "../../../shared/enums";
import { passwordResetTokens } from "../../db/schema";
import { SetPasswordEmail } from "../../mail/templates/set-password-email";
import type { MessageKind } from "../message-kind";
import { signInMailData } from "../payload-parts";
import { signInMailRules } from "../sign-in-mail";

const setPasswordLinkData = signInMailData.extend({
  passwordResetTokenId: z.number().int(),
  purpose: z.enum(passwordLinkPurposes),
});
export type SetPasswordLinkData = z.infer<typeof setPasswordLinkData>;

/**
 * An admin's set-password link (docs/sign-in.md, "Set-password links"): it opens /set-password,
 * whose form sets the password with a POST. Urgent and withdrawn when it cannot be sent, as a
 * sign-in link is.
 */
export const setPasswordLink = {
  name: "set-password-link",
  mailKind: "other",
  schema: setPasswordLinkData,
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
