import type { AppContext } from "../../context";
import type { NewsletterRow } from "../../db/schema";
import { BadRequest } from "../../errors";
import type { MatchView } from "../../mail/templates/views";
import { findNewsletter, parseList } from "../present";
import { type AudiencePerson, loadPairingAudience, type PairingAudience } from "./audience";
import { type PlannedPerson, partnerEmails, planPairing } from "./plan";

/** An invitation's log from before the outbox sent them (docs/mail.md): nothing to compose. */
const INVITATION_IN_OUTBOX =
  "Invitations are sent as automatic e-mails now: this earlier one has no preview or resend.";

/** Someone a composition goes to. */
export interface Recipient {
  userId: string;
  email: string;
  /** The partners' addresses for the send log ("a@x, b@x" for a trio); null for who sat out. */
  matchEmail: string | null;
  /** Their match as the e-mail shows it, and the partners' user ids (none for who sat out). */
  match: MatchView;
  partnerIds: string[];
}

/**
 * What to compose: a newsletter (by id or row; `pairingFile` overrides its linked pairing, as
 * validating another pairing does), or the short announcement of a pairing without a newsletter,
 * optionally for some of its members only (`only`, user ids) with a sentence of news each.
 */
export type CompositionSource =
  | { newsletter: number | NewsletterRow; pairingFile?: string }
  | {
      pairingFile: string;
      only?: ReadonlySet<string>;
      subject?: (period: string) => string;
      title?: (period: string) => string;
      newsFor?: (person: AudiencePerson, period: string) => string | null;
    };

/** Who a composition is about, read once: the pairing's people and each one's match. */
export interface Planned {
  /** The source as composed (a row of kind `announcement` composes its pairing's announcement). */
  source: CompositionSource;
  newsletter: NewsletterRow | null;
  pairingFile: string | null;
  audience: PairingAudience | null;
  plan: PlannedPerson[];
}

/**
 * Reads who a composition is about: its newsletter, the pairing's members, partners and who sat
 * out, and each one's match (with the newsletter's conversation starters). Nothing is rendered:
 * a send queues its messages from this alone (README.md here).
 */
export async function planOf(ctx: AppContext, source: CompositionSource): Promise<Planned> {
  const newsletter =
    "newsletter" in source
      ? typeof source.newsletter === "number"
        ? await findNewsletter(ctx, source.newsletter)
        : source.newsletter
      : null;
  if (newsletter?.kind === "launch" || newsletter?.kind === "invitation")
    throw new BadRequest(INVITATION_IN_OUTBOX, "invitation_in_outbox");
  if (newsletter?.kind === "announcement" && newsletter.pairingFile) {
    // A round's short announcement an earlier release queued on the ledger (moved to the outbox
    // as `newsletter` messages by migration 0070): the same e-mail as announcing at once.
    return planOf(ctx, { pairingFile: newsletter.pairingFile });
  }
  const pairingFile = source.pairingFile ?? newsletter?.pairingFile ?? null;
  const audience = pairingFile ? await loadPairingAudience(ctx, pairingFile) : null;
  const starters = newsletter ? parseList(newsletter.coffeeChatStarters) : [];
  const only = "only" in source ? source.only : undefined;
  const plan = (audience ? planPairing(ctx.config.appUrl, audience, starters) : []).filter(
    (p) => !only || only.has(p.person.id),
  );
  return { source, newsletter, pairingFile, audience, plan };
}

/** Everyone the planned e-mail goes to. */
export function recipientsOf(plan: readonly PlannedPerson[]): Recipient[] {
  return plan
    .filter((p) => p.receives)
    .map((p) => ({
      userId: p.person.id,
      email: p.person.email,
      matchEmail: partnerEmails(p.match),
      match: p.match,
      partnerIds: p.partnerIds,
    }));
}

/** Who a composition goes to and its pairing, without composing it (a send's queueing). */
export async function recipientsOfSource(
  ctx: AppContext,
  source: CompositionSource,
): Promise<{ audience: PairingAudience | null; recipients: Recipient[] }> {
  const { audience, plan } = await planOf(ctx, source);
  return { audience, recipients: recipientsOf(plan) };
}
