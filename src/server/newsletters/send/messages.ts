import type { AppContext } from "../../context";
import { prepareNewsletterMessages } from "./temporary-newsletter-message";

export type PreparedNewsletter = Awaited<ReturnType<typeof prepareNewsletterMessages>>;
export type NewsletterRecipient = PreparedNewsletter["recipients"][number];

/** Who a newsletter goes to and each person's e-mail (built by the newsletter's own module). */
export function prepareMessages(
  ctx: AppContext,
  newsletterId: number,
): Promise<PreparedNewsletter> {
  return prepareNewsletterMessages(ctx, newsletterId);
}
