import { newsletterMessage } from "../newsletters/send/newsletter-message";
import { newsletterTestMessage } from "../newsletters/test-send-message";
import { MESSAGE_KINDS } from "../outbox/kinds/registry";
import type { KindLookup } from "../outbox/message-kind";

/**
 * Every kind of message the outbox delivers, in one place (docs/mail.md, "Message kinds"): the
 * outbox's own kinds (`outbox/kinds/registry.ts`, a line each) and the kinds of features above
 * the outbox, which render with what only they know (a newsletter's composer). The outbox may not
 * import those features (docs/decisions/0061-newsletter-kinds-registered-from-above.md), so the
 * delivery job, which sits above both, hands it this registry.
 */
export const ALL_MESSAGE_KINDS: ReadonlyArray<ReturnType<KindLookup> & {}> = [
  ...MESSAGE_KINDS,
  // To everyone a newsletter goes to, when an admin sends it or a round announces with it.
  newsletterMessage,
  // To the address an admin names in the editor's Preview: the newsletter as one person gets it.
  newsletterTestMessage,
];

const byName = new Map(ALL_MESSAGE_KINDS.map((kind) => [kind.name, kind]));

/** The kind a queued row names, for the outbox's delivery job. */
export const messageKindNamed: KindLookup = (name) => byName.get(name);
