import type { SendTestResponse } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { ServiceUnavailable } from "../errors";
import { classifyMailError, type MailErrorFields } from "../mail/mail-failure";
import { compose } from "./compose/composer";

/**
 * Sends one real e-mail to `testEmail`, personalised as `previewAs` sees it (default: the test
 * address itself): their match when they are in the linked pairing, otherwise the match
 * placeholder. The subject is marked [Test].
 */
export async function sendTestEmail(
  ctx: AppContext,
  id: number,
  testEmail: string,
  previewAs: string = testEmail,
): Promise<SendTestResponse> {
  const mail = await (await compose(ctx, { newsletter: id })).preview(previewAs);
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
    const unreachable = classifyMailError(error as MailErrorFields) === "unreachable";
    throw new ServiceUnavailable(
      unreachable
        ? "The test email could not be sent: the mail server cannot be reached right now. Please try again in a moment."
        : "The test email could not be sent: the mail server did not accept it. Please check the address and the mail settings.",
      { cause: error },
    );
  }
  return {
    testEmail,
    matchFound: mail.matchInfo.found,
    message:
      previewAs === testEmail
        ? `Test email sent to ${testEmail}`
        : `Test email sent to ${testEmail}, as ${previewAs} receives it`,
  };
}
