import { z } from "zod";
import type { MessageKind } from "../outbox/message-kind";
import { compose } from "./compose/composer";

/** An admin's test send of a newsletter (docs/newsletters.md, the `send-test` call). */
const newsletterTestData = z.object({
  newsletterId: z.number().int(),
  /** Whose e-mail it shows: their match, or the placeholder for an address outside the pairing. */
  previewAs: z.string(),
  /** Its own key: the request that queued it waits for this one message's outcome. */
  requestId: z.string(),
  /** ISO time after which it is not sent at all: the admin was told it failed by then. */
  sendBy: z.string(),
});
export type NewsletterTestData = z.infer<typeof newsletterTestData>;

/**
 * The newsletter as `previewAs` gets it, to the address an admin typed, its subject marked
 * [Test]; like every preview, its links act on nobody and it has no List-Unsubscribe headers
 * (docs/newsletters.md, "Preview and test"). Urgent: the admin waits at the editor for it (send-test.ts), so it takes the outbox's
 * urgent lane and is not sent after `sendBy`. Defined here, above the outbox, and registered by
 * jobs/message-kinds.ts.
 */
export const newsletterTestMessage = {
  name: "newsletter-test",
  mailKind: "test",
  schema: newsletterTestData,
  urgent: true,
  onceKey: (data) => `test-${data.requestId}`,
  sendBy: (data) => new Date(data.sendBy),
  async render(ctx, data) {
    const mail = await (await compose(ctx, { newsletter: data.newsletterId })).preview(
      data.previewAs,
    );
    return {
      subject: `[Test] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    };
  },
} satisfies MessageKind<NewsletterTestData>;
