import { eq, sql } from "drizzle-orm";
import type { PreviewEmailResponse } from "../../shared/newsletters";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import { type NewsletterRow, users } from "../db/schema";
import type { MatchView } from "../mail/templates/newsletter-email";
import {
  placeholderView,
  planNewsletter,
  subjectOf,
  unsubscribeHeaders,
  viewOf,
} from "./newsletter-message";
import { createNewsletterRenderer } from "./newsletter-renderer";
import { loadPairingAudience } from "./pairing-audience";
import { unsubscribeToken, unsubscribeUrl } from "./unsubscribe/unsubscribe-token";

export interface PersonalisedNewsletter {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  matchInfo: PreviewEmailResponse["matchInfo"];
  /** The address belongs to an account. */
  userFound: boolean;
}

/**
 * One e-mail exactly as `email` would receive it: their match from the linked pairing, the
 * sat-out note, or (for anyone outside the pairing) the editor's match placeholder.
 */
export async function personaliseNewsletter(
  ctx: AppContext,
  row: NewsletterRow,
  email: string,
): Promise<PersonalisedNewsletter> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const planned = row.pairingFile
    ? planNewsletter(ctx, row, await loadPairingAudience(ctx, row.pairingFile)).find(
        (p) => p.person.email.toLowerCase() === email.toLowerCase(),
      )
    : undefined;
  const url = user
    ? unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(await getAuthSecret(ctx), user.id))
    : null;
  const view = planned
    ? viewOf(planned, url)
    : { ...placeholderView(row, user?.firstName ?? null), unsubscribeUrl: url };
  const { html, text } = await createNewsletterRenderer(ctx.config, row).render(view);
  return {
    subject: subjectOf(row),
    html,
    text,
    headers: url ? unsubscribeHeaders(url) : {},
    matchInfo: matchInfoOf(view.match),
    userFound: Boolean(user),
  };
}

function matchInfoOf(match: MatchView): PreviewEmailResponse["matchInfo"] {
  if (match.kind !== "partners") return { found: false, partner: null, partners: [] };
  const partners = match.partners.map((p) => ({ name: p.name, team: p.department }));
  return { found: true, partner: partners[0] ?? null, partners };
}
