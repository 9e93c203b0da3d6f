import type { ReactElement } from "react";
import type { AppContext } from "../../context";
import { renderEmail } from "../../mail/render-email";
import {
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
} from "../../mail/signed-links";

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
 * One automatic e-mail to one person through the app's mail path (SMTP or the outbox), with the
 * newsletter's List-Unsubscribe and RFC 8058 one-click headers. The template is given the
 * person's unsubscribe link. Throws when the transport refuses, so callers can undo their claim.
 */
export async function sendAutomaticMail(
  ctx: AppContext,
  secret: string,
  recipient: Recipient,
  subject: string,
  template: Template,
): Promise<void> {
  const { html, text, headers } = await renderAutomaticMail(ctx, secret, recipient, template);
  await ctx.mailer.send({ to: recipient.email, subject, html, text, kind: "other", headers });
}

/** The body and unsubscribe headers of an automatic e-mail, for the mailer or the delivery ledger. */
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
