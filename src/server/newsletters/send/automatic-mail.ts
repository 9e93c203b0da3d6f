import type { ReactElement } from "react";
import type { AppContext } from "../../context";
import { renderEmail } from "../../mail/render-email";
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from "../../mail/signed-links";

export interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

type Template = (links: {
  unsubscribeUrl: string;
  profileUrl: string;
  greeting: string;
}) => ReactElement;

/**
 * The body and unsubscribe headers of an automatic e-mail the delivery ledger carries (a match
 * change); the outbox's kinds use `outbox/personal-links.ts`.
 */
export async function renderAutomaticMail(
  ctx: AppContext,
  secret: string,
  recipient: Recipient,
  template: Template,
): Promise<{ html: string; text: string; headers: Record<string, string> }> {
  const unsubscribe = unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(secret, recipient.id));
  const { html, text } = await renderEmail(
    template({
      unsubscribeUrl: unsubscribe,
      profileUrl: `${ctx.config.appUrl}/profile`,
      greeting: recipient.firstName?.trim() || recipient.email,
    }),
  );
  return { html, text, headers: unsubscribeHeaders(unsubscribe) };
}
