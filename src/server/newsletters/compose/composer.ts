import { createElement } from "react";
import {
  LINK_PAIRING_FIRST,
  type NoNewsletterReason,
  type PreviewEmailResponse,
  type ValidateResponse,
} from "../../../shared/newsletters";
import { monthDisplay } from "../../../shared/pairings";
import { getAuthSecret } from "../../app-secret";
import type { AppContext } from "../../context";
import type { NewsletterRow } from "../../db/schema";
import { BadRequest } from "../../errors";
import { createRenderer } from "../../mail/layout-renderer";
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from "../../mail/signed-links";
import {
  AnnouncementEmail,
  announcementContent,
  announcementSubject,
} from "../../mail/templates/announcement-email";
import { NewsletterEmail } from "../../mail/templates/newsletter-email";
import type { MatchView, ProposedTimesView, RecipientView } from "../../mail/templates/views";
import { testEmailLinkUrl } from "../../mail/test-email-links";
import type { MailCalendarPart } from "../../mail-transport";
import { DEFAULT_MATCH_PLACEHOLDER } from "../newsletter-defaults";
import {
  type AudiencePerson,
  findAudiencePerson,
  type PairingAudience,
  whyNoNewsletter,
} from "./audience";
import { newsletterContent, subjectOf } from "./content";
import { greetingOf, type PlannedPerson } from "./plan";
import { type CompositionSource, planOf, type Recipient, recipientsOf } from "./recipients";
import { type MatchTimesOf, matchTimesOf } from "./times-in-email";
import { summarise } from "./validate";

/** One person's e-mail, ready for the mailer. */
export interface ComposedMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (none for an address without an account). */
  headers: Record<string, string>;
  /** A match's calendar invitation or cancellation it carries (MailMessage.calendar). */
  calendar?: MailCalendarPart;
}

/**
 * The e-mail one address would receive, with what the editor's preview shows beside it. It is
 * only ever shown or sent to an admin (Preview, Send test, the send log), so its signed links lead
 * to the test page instead and it has no List-Unsubscribe headers (docs/newsletters.md, "Preview
 * and test").
 */
export interface PreviewedMessage extends ComposedMessage {
  matchInfo: PreviewEmailResponse["matchInfo"];
  /** The address belongs to an account. */
  userFound: boolean;
}

/** Thrown by messageFor for someone who no longer receives it (e.g. opted out since). */
export class NotARecipient extends Error {
  readonly code = "not_a_recipient";
}

export interface Composition {
  newsletter: NewsletterRow | null;
  audience: PairingAudience | null;
  /** Everyone it goes to (nothing is rendered to list them). */
  recipients: Recipient[];
  /** The pairing's check for the editor (docs/newsletters.md, "Validation of a pairing"). */
  validate(): ValidateResponse;
  /** Renders every layout the recipients need once; messageFor is then synchronous and cheap. */
  prepare(): Promise<void>;
  /**
   * The times proposed to a recipient for their match (read at delivery, outside any
   * transaction; it may read the calendar), with their layout made ready for messageFor.
   */
  timesFor(recipient: Pick<Recipient, "userId">): Promise<ProposedTimesView | null>;
  /**
   * Reads the times of a batch of recipients about to be delivered, once per match, so that
   * `timesFor` then only hands each their own (docs/scheduling.md, "Booking from an e-mail").
   */
  prepareTimes(recipients: ReadonlyArray<Pick<Recipient, "userId">>): Promise<void>;
  messageFor(
    recipient: Pick<Recipient, "userId" | "email">,
    times?: ProposedTimesView | null,
  ): ComposedMessage;
  /**
   * The e-mail `email` would receive, its links acting on nobody; anyone outside the pairing sees
   * the match placeholder.
   */
  preview(email: string): Promise<PreviewedMessage>;
}

/**
 * The one composer of every e-mail announcing a match: the newsletter (preview, test send,
 * validation, the send worker) and the short announcement (a re-pair, an automatic round).
 * Loads the pairing's members, partners and who sat out once (README.md here).
 */
export async function compose(ctx: AppContext, source: CompositionSource): Promise<Composition> {
  const { newsletter, pairingFile, audience, plan, ...planned } = await planOf(ctx, source);
  const design = newsletter
    ? newsletterDesign(ctx, newsletter)
    : announcementDesign(ctx, planned.source as AnnouncementSource, audience as PairingAudience);
  const links = unsubscribeLinks(ctx);
  return {
    newsletter,
    audience,
    ...messagesOf(plan, design, links, matchTimesOf(ctx, pairingFile), () => {
      if (newsletter && !pairingFile) throw new BadRequest(LINK_PAIRING_FIRST, "no_pairing");
    }),
    validate: () => summarise(audience ?? emptyAudience(pairingFile)),
    preview: (email) => previewOf(ctx, { plan, design, linked: pairingFile !== null }, email),
  };
}

/** The recipients and their messages: views made and layouts rendered once, in prepare. */
function messagesOf(
  plan: PlannedPerson[],
  design: Design,
  links: UnsubscribeLinks,
  matchTimes: MatchTimesOf,
  assertSendable: () => void,
): Pick<Composition, "recipients" | "prepare" | "timesFor" | "prepareTimes" | "messageFor"> {
  const receivers = plan.filter((p) => p.receives);
  const byId = new Map(receivers.map((p) => [p.person.id, p]));
  const views = new Map<string, RecipientView>();
  return {
    recipients: recipientsOf(plan),
    async prepare() {
      assertSendable();
      const link = await links();
      for (const planned of receivers) {
        if (!views.has(planned.person.id)) {
          views.set(planned.person.id, viewOf(design, planned, link(planned.person.id)));
        }
      }
      await design.renderer.prepare(views.values());
    },
    async timesFor(recipient) {
      const view = views.get(recipient.userId);
      if (view?.match.kind !== "partners") return null;
      const times = await matchTimes.timesOf(recipient.userId);
      if (times) await design.renderer.prepare([{ ...view, times }]);
      return times;
    },
    async prepareTimes(batch) {
      const readers = batch.filter((r) => views.get(r.userId)?.match.kind === "partners");
      await matchTimes.prepare(readers.map((r) => r.userId));
    },
    messageFor(recipient, times = null) {
      const view = views.get(recipient.userId);
      const planned = byId.get(recipient.userId);
      if (!view || !planned) {
        throw new NotARecipient(`${recipient.email} no longer receives this e-mail`);
      }
      const { html, text } = design.renderer.renderPrepared({ ...view, times });
      const headers = unsubscribeHeaders(view.unsubscribeUrl ?? "");
      return {
        to: planned.person.email,
        subject: design.subjectFor(view.match),
        html,
        text,
        headers,
      };
    },
  };
}

interface PreviewSource {
  plan: PlannedPerson[];
  design: Design;
  /** A pairing is linked (without one the send refuses). */
  linked: boolean;
}

/**
 * One address's e-mail, rendered on demand: their match, or the placeholder for an outsider. Its
 * unsubscribe link, shown where theirs would be, is the test page's: the person's own would pause
 * or opt them out for whoever clicks it in the admin's test.
 */
async function previewOf(
  ctx: AppContext,
  { plan, design, linked }: PreviewSource,
  email: string,
): Promise<PreviewedMessage> {
  const user = await findAudiencePerson(ctx, email);
  const planned = plan.find((p) => p.person.email.toLowerCase() === email.toLowerCase());
  const url = user ? testEmailLinkUrl(ctx.config.appUrl, "unsubscribe") : null;
  const view: RecipientView = planned
    ? viewOf(design, planned, url)
    : {
        greetingName: greetingOf(user?.firstName ?? null),
        match: { kind: "placeholder", text: design.placeholder },
        unsubscribeUrl: url,
        news: null,
      };
  const { html, text } = await design.renderer.render(view);
  return {
    to: email,
    subject: design.subjectFor(view.match),
    html,
    text,
    headers: {},
    matchInfo: { ...matchInfoOf(view.match), noNewsletter: noNewsletterOf(linked, planned, user) },
    userFound: Boolean(user),
  };
}

function viewOf(design: Design, planned: PlannedPerson, unsubscribe: string | null): RecipientView {
  return {
    greetingName: greetingOf(planned.person.firstName),
    match: planned.match,
    unsubscribeUrl: unsubscribe,
    news: design.newsFor(planned.person),
  };
}

/** The editor's check of a pairing before it is linked (or when a draft is generated). */
export async function validatePairing(
  ctx: AppContext,
  pairingFile: string,
): Promise<ValidateResponse> {
  return (await compose(ctx, { pairingFile })).validate();
}

type AnnouncementSource = Extract<CompositionSource, { only?: unknown }>;

/** How a composition looks: its template, subject and the per-person parts beside the match. */
interface Design {
  renderer: ReturnType<typeof createRenderer>;
  subjectFor: (match: MatchView) => string;
  placeholder: string;
  newsFor: (person: AudiencePerson) => string | null;
}

function newsletterDesign(ctx: AppContext, row: NewsletterRow): Design {
  const content = newsletterContent(ctx.config, row);
  return {
    renderer: createRenderer((view) => createElement(NewsletterEmail, { content, ...view })),
    subjectFor: () => subjectOf(row),
    placeholder: row.matchPlaceholder ?? DEFAULT_MATCH_PLACEHOLDER,
    newsFor: () => null,
  };
}

function announcementDesign(
  ctx: AppContext,
  source: AnnouncementSource,
  audience: PairingAudience,
): Design {
  const period = monthDisplay(audience.month);
  const content = announcementContent(ctx.config.appUrl, audience.month, source.title?.(period));
  return {
    renderer: createRenderer((view) => createElement(AnnouncementEmail, { content, ...view })),
    subjectFor: (match) => source.subject?.(period) ?? announcementSubject(match, period),
    placeholder: DEFAULT_MATCH_PLACEHOLDER,
    newsFor: (person) => source.newsFor?.(person, period) ?? null,
  };
}

type UnsubscribeLinks = () => Promise<(userId: string) => string>;

/** Each person's unsubscribe address; the secret is read once, when first needed. */
function unsubscribeLinks(ctx: AppContext): UnsubscribeLinks {
  let secret: Promise<string> | undefined;
  return async () => {
    secret ??= getAuthSecret(ctx);
    const key = await secret;
    return (userId: string) => unsubscribeUrl(ctx.config.appUrl, unsubscribeToken(key, userId));
  };
}

/**
 * Why the send would not e-mail the previewed person: the plan's `receives` (recipientsOf's rule)
 * for someone it is about; for anyone else, why they are not in the pairing's audience.
 */
function noNewsletterOf(
  linked: boolean,
  planned: PlannedPerson | undefined,
  user: AudiencePerson | undefined,
): NoNewsletterReason | null {
  if (!linked) return "no-pairing";
  if (planned) return planned.receives ? null : whyNoNewsletter(planned.person);
  if (!user) return "not-in-pairing";
  return (
    whyNoNewsletter(user) ?? (user.participationStatus === "paused" ? "paused" : "not-in-pairing")
  );
}

function emptyAudience(pairingFile: string | null): PairingAudience {
  return { pairingFile: pairingFile ?? "", month: "", matches: [], satOut: [] };
}

function matchInfoOf(match: MatchView): Omit<PreviewEmailResponse["matchInfo"], "noNewsletter"> {
  if (match.kind !== "partners") return { found: false, partner: null, partners: [] };
  const partners = match.partners.map((p) => ({ name: p.name, team: p.department }));
  return { found: true, partner: partners[0] ?? null, partners };
}
