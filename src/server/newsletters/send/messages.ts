import type { AppContext } from "../../context";
import { planNewsletter, prepareNewsletterMessages } from "../newsletter-message";
import { loadPairingAudience } from "../pairing-audience";
import { findNewsletter } from "../present";

export type PreparedNewsletter = Awaited<ReturnType<typeof prepareNewsletterMessages>>;

/** Who a newsletter goes to and each person's e-mail (the newsletter module builds them). */
export function prepareMessages(
  ctx: AppContext,
  newsletterId: number,
): Promise<PreparedNewsletter> {
  return prepareNewsletterMessages(ctx, newsletterId);
}

/** Each recipient's partner address(es) for the e-mail log ("a@x, b@x" for a trio), by user id. */
export async function partnerEmails(
  ctx: AppContext,
  newsletterId: number,
): Promise<Map<string, string>> {
  const row = await findNewsletter(ctx, newsletterId);
  if (!row.pairingFile) return new Map();
  const plan = planNewsletter(ctx, row, await loadPairingAudience(ctx, row.pairingFile));
  return new Map(
    plan.flatMap((p) =>
      p.match.kind === "partners"
        ? [[p.person.id, p.match.partners.map((partner) => partner.email).join(", ")] as const]
        : [],
    ),
  );
}
