import { eq } from "drizzle-orm";
import { z } from "zod";
import { magicLinkTokens } from "../../db/schema";
import { MagicLinkEmail } from "../../mail/templates/magic-link-email";
import type { MessageKind } from "../message-kind";
import { signInMailData } from "../payload-parts";
import { signInMailRules } from "../sign-in-mail";

const magicLinkData = signInMailData.extend({
  magicLinkTokenId: z.number().int(),
  /** How long the link is valid, as the e-mail says. */
  hours: z.number(),
});
export type MagicLinkData = z.infer<typeof magicLinkData>;

/**
 * A single-use sign-in link (docs/sign-in.md), to the address that asked for it. Urgent, sent in
 * time or never, and withdrawn when it cannot be sent, as a code is.
 */
export const magicLink = {
  name: "magic-link",
  mailKind: "magic-link",
  schema: magicLinkData,
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
