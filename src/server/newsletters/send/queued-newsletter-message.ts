import type { QueuedKind } from "../../outbox/message-kind";

/** One person's newsletter (or an earlier release's round announcement queued in the ledger). */
export interface NewsletterMessageData {
  /** The `newsletters` row it belongs to: its send log. */
  newsletterId: number;
  /** Null for an address whose account was gone when it was queued (an earlier release's rows). */
  userId: string | null;
  /** The partners' addresses for the send log ("a@x, b@x" for a trio); null for who sat out. */
  matchEmail: string | null;
}

/** The key of a newsletter's messages (one per recipient and newsletter): this and its id. */
export const NEWSLETTER_MESSAGE_KEY = "newsletter-";
export const newsletterMessageKey = (newsletterId: number) =>
  `${NEWSLETTER_MESSAGE_KEY}${newsletterId}`;

/** What a send queues of the kind (its rendering: newsletter-message.ts). */
export const queuedNewsletterMessage = {
  name: "newsletter",
  onceKey: (data) => newsletterMessageKey(data.newsletterId),
} satisfies QueuedKind<NewsletterMessageData>;
