import type { AppContext } from "../../context";
import { planNewsletter, prepareNewsletterMessages } from "../newsletter-message";
import { loadPairingAudience } from "../pairing-audience";
import { findNewsletter } from "../present";

export type PreparedNewsletter = Awaited<ReturnType<typeof prepareNewsletterMessages>>;

export interface Recipient {
  userId: string;
  email: string;
  /** The partner's address ("a@x, b@x" for a trio) for the e-mail log; null for who sat out. */
  matchEmail: string | null;
}

/** Each person's e-mail, rendered by the newsletter's own module (once per newsletter and process). */
export function prepareMessages(
  ctx: AppContext,
  newsletterId: number,
): Promise<PreparedNewsletter> {
  return prepareNewsletterMessages(ctx, newsletterId);
}

/**
 * Who the newsletter goes to — the same people `prepareNewsletterMessages` lists (the plan's
 * `receives`) — with their partners, without rendering anything: the request that starts a send
 * only writes the ledger.
 */
export async function listRecipients(ctx: AppContext, newsletterId: number): Promise<Recipient[]> {
  const row = await findNewsletter(ctx, newsletterId);
  if (!row.pairingFile) return [];
  const plan = planNewsletter(ctx, row, await loadPairingAudience(ctx, row.pairingFile));
  return plan
    .filter((p) => p.receives)
    .map((p) => ({
      userId: p.person.id,
      email: p.person.email,
      matchEmail:
        p.match.kind === "partners"
          ? p.match.partners.map((partner) => partner.email).join(", ")
          : null,
    }));
}
