import { eq } from "drizzle-orm";
import { magicLinkTokens } from "../../db/schema";
import { MagicLinkEmail } from "../../mail/templates/magic-link-email";
import type { MessageKind } from "../message-kind";
import { type SignInMailData, signInMailRules } from "../sign-in-mail";

export interface MagicLinkData extends SignInMailData {
  magicLinkTokenId: number;
  /** How long the link is valid, as the e-mail says. */
  hours: number;
}

/**
 * A single-use sign-in link (docs/sign-in.md), to the address that asked for it. Urgent, sent in
 * time or never, and withdrawn when it cannot be sent, as a code is.
 */
export const magicLink = {
  name: "magic-link",
  mailKind: "magic-link",
  ...signInMailRules<MagicLinkData>("sign-in link"),
  async onFailed(tx, data) {
    await tx.delete(magicLinkTokens).where(eq(magicLinkTokens.id, data.magicLinkTokenId));
  },
  render: (ctx, data) => ({
    subject: "Your Cup of Joe sign-in link",
    template: MagicLinkEmail({
      url: `${ctx.config.appUrl}/magic-auth?token=${encodeURIComponent(data.secret)}`,
      hours: data.hours,
    }),
  }),
} satisfies MessageKind<MagicLinkData>;
