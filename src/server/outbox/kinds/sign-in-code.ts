import { eq } from "drizzle-orm";
import { z } from "zod";
import { authCodes } from "../../db/schema";
import { SignInCodeEmail } from "../../mail/templates/sign-in-code-email";
import type { MessageKind } from "../message-kind";
import { signInMailData } from "../payload-parts";
import { signInMailRules } from "../sign-in-mail";

const signInCodeData = signInMailData.extend({
  authCodeId: z.number().int(),
  /** How long the code is valid, as the e-mail says. */
  minutes: z.number(),
});
export type SignInCodeData = z.infer<typeof signInCodeData>;

/**
 * A six-digit sign-in code (docs/sign-in.md), to the address that asked for it; may be asked for
 * again. Urgent; not sent later than ten minutes after the request; a code that cannot be sent is
 * withdrawn, so asking again is not held back by the minute between sends.
 */
export const signInCode = {
  name: "sign-in-code",
  mailKind: "sign-in-code",
  schema: signInCodeData,
  ...signInMailRules<SignInCodeData>("sign-in code"),
  async onFailed(tx, data) {
    await tx.delete(authCodes).where(eq(authCodes.id, data.authCodeId));
  },
  render: (_ctx, data) => ({
    subject: "Your Cup of Joe sign-in code",
    template: SignInCodeEmail({ code: data.secret, minutes: data.minutes }),
    signInCode: data.secret,
  }),
} satisfies MessageKind<SignInCodeData>;
