import type { SendTestResponse } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { ServiceUnavailable } from "../errors";
import { personaliseNewsletter } from "./personalise";
import { findNewsletter } from "./present";

/**
 * Sends one real e-mail to `testEmail`, personalised as that person sees it (their match when
 * they are in the linked pairing, otherwise the match placeholder). The subject is marked [Test].
 */
export async function sendTestEmail(
  ctx: AppContext,
  id: number,
  testEmail: string,
): Promise<SendTestResponse> {
  const row = await findNewsletter(ctx, id);
  const mail = await personaliseNewsletter(ctx, row, testEmail);
  try {
    await ctx.mailer.send({
      kind: "test",
      to: testEmail,
      subject: `[Test] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceUnavailable(`The test email could not be sent: ${reason}`);
  }
  return {
    testEmail,
    matchFound: mail.matchInfo.found,
    message: `Test email sent to ${testEmail}`,
  };
}
