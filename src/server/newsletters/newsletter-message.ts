import { LINK_PAIRING_FIRST } from "../../shared/newsletters";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import type { NewsletterRow } from "../db/schema";
import { BadRequest } from "../errors";
import type { MatchView, PartnerView } from "../mail/templates/newsletter-email";
import { fullName } from "../pairings/members/pairing-members";
import { DEFAULT_MATCH_PLACEHOLDER } from "./newsletter-defaults";
import {
  absoluteImageUrl,
  createNewsletterRenderer,
  type NewsletterRenderer,
  type RecipientView,
} from "./newsletter-renderer";
import {
  type AudiencePerson,
  canReceive,
  loadPairingAudience,
  type PairingAudience,
} from "./pairing-audience";
import { findNewsletter, parseList } from "./present";
import { unsubscribeToken, unsubscribeUrl } from "./unsubscribe/unsubscribe-token";

export interface NewsletterRecipient {
  userId: string;
  email: string;
}

export interface NewsletterMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Thrown by messageFor for someone who no longer receives this newsletter (e.g. opted out since). */
export class NotARecipient extends Error {
  readonly code = "not_a_recipient";
}

/** One person of the linked pairing or its sat-out list, as their newsletter shows them. */
export interface PlannedPerson {
  person: AudiencePerson;
  match: MatchView;
  /** False for members who may not receive it (opted out, deactivated, no longer whitelisted). */
  receives: boolean;
}

/**
 * Loads the newsletter, the linked pairing's members, their partners and who sat out once, and
 * renders each layout once; messageFor then only fills in one recipient's values (synchronous,
 * cheap). Recipients: every member of the linked pairing, and everyone ready to pair in its scope
 * who sat out, except anyone opted out, deactivated or no longer whitelisted (docs/newsletters.md).
 */
export async function prepareNewsletterMessages(
  ctx: AppContext,
  newsletterId: number,
): Promise<{
  recipients: NewsletterRecipient[];
  messageFor(recipient: NewsletterRecipient): NewsletterMessage;
  /** The partner's address for the send log ("a@x, b@x" for a trio); null for someone who sat out. */
  matchEmailFor(recipient: NewsletterRecipient): string | null;
}> {
  const row = await findNewsletter(ctx, newsletterId);
  if (!row.pairingFile) throw new BadRequest(LINK_PAIRING_FIRST, "no_pairing");
  const audience = await loadPairingAudience(ctx, row.pairingFile);
  const plan = planNewsletter(ctx, row, audience).filter((p) => p.receives);
  const secret = await getAuthSecret(ctx);
  const renderer = createNewsletterRenderer(ctx.config, row);
  const views = new Map<string, { person: AudiencePerson; view: RecipientView }>();
  for (const planned of plan) {
    const url = unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(secret, planned.person.id));
    views.set(planned.person.id, { person: planned.person, view: viewOf(planned, url) });
  }
  await renderer.prepare([...views.values()].map((v) => v.view));
  const subject = subjectOf(row);
  return {
    recipients: plan.map((p) => ({ userId: p.person.id, email: p.person.email })),
    messageFor(recipient) {
      const entry = views.get(recipient.userId);
      if (!entry) {
        throw new NotARecipient(`${recipient.email} no longer receives this newsletter`);
      }
      const { html, text } = renderer.renderPrepared(entry.view);
      const url = entry.view.unsubscribeUrl ?? "";
      return { to: entry.person.email, subject, html, text, headers: unsubscribeHeaders(url) };
    },
    matchEmailFor(recipient) {
      const match = views.get(recipient.userId)?.view.match;
      return match?.kind === "partners" ? match.partners.map((p) => p.email).join(", ") : null;
    },
  };
}

export function subjectOf(row: NewsletterRow): string {
  return row.subject ?? row.title;
}

/** RFC 8058 one-click unsubscribe: providers POST `List-Unsubscribe=One-Click` to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Everyone the newsletter is about, with what their "Your Match" section shows. */
export function planNewsletter(
  ctx: AppContext,
  row: NewsletterRow,
  audience: PairingAudience,
): PlannedPerson[] {
  const starters = parseList(row.coffeeChatStarters);
  const planned = new Map<string, PlannedPerson>();
  for (const group of audience.groups) {
    const present = group.members
      .map((m) => m.person)
      .filter((p): p is AudiencePerson => p !== null);
    // Someone who has left the company is no longer anyone's coffee partner.
    const available = present.filter((p) => p.isActive && p.employeeStatus !== "inactive");
    const starter = starters.length > 0 ? starters[group.index % starters.length] : null;
    for (const person of present) {
      if (planned.has(person.id)) continue;
      const partners = available.filter((p) => p.id !== person.id);
      const match: MatchView =
        partners.length === 0
          ? { kind: "sat-out" }
          : {
              kind: "partners",
              partners: partners.map((p) => partnerView(ctx.config.appUrl, p)),
              starter,
            };
      planned.set(person.id, { person, match, receives: canReceive(person) });
    }
  }
  for (const person of audience.satOut) {
    if (planned.has(person.id)) continue;
    planned.set(person.id, { person, match: { kind: "sat-out" }, receives: canReceive(person) });
  }
  return [...planned.values()];
}

export function viewOf(planned: PlannedPerson, unsubscribe: string | null): RecipientView {
  return {
    greetingName: planned.person.firstName?.trim() || "there",
    match: planned.match,
    unsubscribeUrl: unsubscribe,
  };
}

/** The view for someone outside the pairing (a test address, an admin): the editor's placeholder. */
export function placeholderView(row: NewsletterRow, firstName: string | null): RecipientView {
  return {
    greetingName: firstName?.trim() || "there",
    match: { kind: "placeholder", text: row.matchPlaceholder ?? DEFAULT_MATCH_PLACEHOLDER },
    unsubscribeUrl: null,
  };
}

function partnerView(appUrl: string, person: AudiencePerson): PartnerView {
  const name = fullName(person);
  const initials =
    [person.firstName, person.lastName]
      .map((part) => part?.trim().charAt(0) ?? "")
      .join("")
      .toUpperCase() || name.charAt(0).toUpperCase();
  return {
    name,
    initials,
    department: person.departmentDisplayName,
    bio: person.bio?.trim() || null,
    email: person.email,
    photoUrl: absoluteImageUrl(appUrl, person.profileImageUrl),
  };
}

export type { NewsletterRenderer };
