import { monthDisplay } from "../../../shared/pairings";
import { getAuthSecret } from "../../auth/auth-secret";
import type { AppContext } from "../../context";
import { renderEmail } from "../../mail/render-email";
import { RePairEmail } from "../../mail/templates/re-pair-email";
import { unsubscribeHeaders } from "../../newsletters/newsletter-message";
import { unsubscribeToken, unsubscribeUrl } from "../../newsletters/unsubscribe/unsubscribe-token";
import { fullName } from "../members/pairing-members";

interface Person {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** Who a re-pair placed where: the person, and the partner(s) they now meet. */
export interface RePairNotice {
  kind: "pair" | "trio";
  month: string;
  person: Person;
  partners: Person[];
}

type Log = { error(obj: unknown, message: string): void };

/**
 * Tells everyone in the person's new group, each in their own e-mail: the person who gets a new
 * partner, and the partner(s) who get the person. Only ready people are ever placed, so nobody
 * deactivated, opted out or off the whitelist is written to. A failed send is logged and the
 * others still go; the answer counts the e-mails sent.
 */
export async function sendRePairMails(ctx: AppContext, notice: RePairNotice, log: Log) {
  const secret = await getAuthSecret(ctx);
  const month = monthDisplay(notice.month);
  const group = [notice.person, ...notice.partners];
  let sent = 0;
  for (const recipient of group) {
    const others = group.filter((p) => p.id !== recipient.id);
    const unsubscribe = unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(secret, recipient.id));
    try {
      const { html, text } = await renderEmail(
        RePairEmail({
          greeting: recipient.firstName?.trim() || recipient.email,
          news: newsFor(notice, recipient, month),
          partners: others.map((p) => `${fullName(p)} (${p.email})`),
          matchesUrl: `${ctx.config.appUrl}/matches`,
          profileUrl: `${ctx.config.appUrl}/profile`,
          unsubscribeUrl: unsubscribe,
        }),
      );
      await ctx.mailer.send({
        to: recipient.email,
        subject: `Your Cup of Joe match for ${month} has changed`,
        html,
        text,
        kind: "other",
        headers: unsubscribeHeaders(unsubscribe),
      });
      sent++;
    } catch (error) {
      log.error(error, `The re-pair e-mail to user ${recipient.id} could not be sent.`);
    }
  }
  return sent;
}

function newsFor(notice: RePairNotice, recipient: Person, month: string): string {
  const names = notice.partners.map(fullName);
  if (recipient.id === notice.person.id) {
    return notice.kind === "pair"
      ? `Your coffee chat partner for ${month} is now ${names[0]}.`
      : `You join ${names.join(" and ")} for a coffee chat in ${month}, as a group of three.`;
  }
  const other = notice.partners.filter((p) => p.id !== recipient.id).map(fullName);
  return notice.kind === "pair"
    ? `${fullName(notice.person)} is your new coffee chat partner for ${month}.`
    : `${fullName(notice.person)} joins you and ${other[0]} for your ${month} coffee chat.`;
}
