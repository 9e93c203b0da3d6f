import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from "../mail/signed-links";

import type { PersonAddressed } from "./payload-parts";

/**
 * What every automatic e-mail to a person carries (docs/newsletters.md, "Unsubscribe"): the
 * greeting, the profile and unsubscribe links for the template, and the List-Unsubscribe and
 * RFC 8058 one-click headers.
 */
export async function personalLinks(ctx: AppContext, person: PersonAddressed) {
  const secret = await getAuthSecret(ctx);
  const unsubscribe = unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(secret, person.userId));
  return {
    secret,
    common: {
      greeting: person.greeting,
      profileUrl: `${ctx.config.appUrl}/profile`,
      unsubscribeUrl: unsubscribe,
    },
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** A person's greeting: their first name, or their address. */
export const greetingOf = (person: { email: string; firstName: string | null }) =>
  person.firstName?.trim() || person.email;
