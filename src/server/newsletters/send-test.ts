import { randomUUID } from "node:crypto";
import type { SendTestResponse } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { BadRequest, ServiceUnavailable } from "../errors";
import { awaitMessage } from "../outbox/await-message";
import { queue } from "../outbox/queue";
import { compose } from "./compose/composer";
import { newsletterTestMessage } from "./test-send-message";

/** How long the admin waits for the mail server's answer before being told to try again. */
const ANSWER_WITHIN_MS = 30_000;

/**
 * Sends one real e-mail to `testEmail`, personalised as `previewAs` sees it (default: the test
 * address itself): their match when they are in the linked pairing, otherwise the match
 * placeholder. The subject is marked [Test]. It goes through the outbox's urgent lane like every
 * e-mail (test-send-message.ts); the request waits for its outcome, so the admin sees it sent, or
 * why not.
 */
export async function sendTestEmail(
  ctx: AppContext,
  id: number,
  testEmail: string,
  previewAs: string = testEmail,
): Promise<SendTestResponse> {
  const composition = await compose(ctx, { newsletter: id });
  const requestId = randomUUID();
  const sendBy = new Date(ctx.clock.now().getTime() + 2 * ANSWER_WITHIN_MS).toISOString();
  const data = { newsletterId: id, previewAs, requestId, sendBy };
  await queue(ctx, ctx.db, newsletterTestMessage, [testEmail], data);
  const outcome = await awaitMessage(
    ctx,
    newsletterTestMessage,
    newsletterTestMessage.onceKey(data),
    ANSWER_WITHIN_MS,
  );
  // The server's own words go to the log under the request's reference, not to the page.
  const cause = outcome.state === "sent" ? undefined : new Error(outcome.errorMessage ?? "");
  if (outcome.state === "unreachable") {
    throw new ServiceUnavailable(
      "The test email could not be sent: the mail server cannot be reached right now. Please try again in a moment.",
      { cause },
    );
  }
  if (outcome.state === "failed" && outcome.errorCode === "ERENDER") {
    throw new BadRequest(`The test email could not be built: ${outcome.errorMessage}`, "unbuilt");
  }
  if (outcome.state === "failed") {
    throw new ServiceUnavailable(
      "The test email could not be sent: the mail server did not accept it. Please check the address and the mail settings.",
      { cause },
    );
  }
  const previewed = composition.recipients.find(
    (r) => r.email.toLowerCase() === previewAs.toLowerCase(),
  );
  return {
    testEmail,
    matchFound: previewed?.match.kind === "partners",
    message:
      previewAs === testEmail
        ? `Test email sent to ${testEmail}`
        : `Test email sent to ${testEmail}, as ${previewAs} receives it`,
  };
}
