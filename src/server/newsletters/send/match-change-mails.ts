import { eq } from "drizzle-orm";
import { activePairingFile } from "../../../shared/pairing-file-names";
import { getAuthSecret } from "../../auth/auth-secret";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { type NewsletterRow, newsletters, users } from "../../db/schema";
import { MatchChangedEmail } from "../../mail/templates/match-changed-email";
import {
  type RenderedCalendarMessage,
  renderCalendarMessage,
} from "../../match-calendar/calendar-mail";
import type { CalendarMessage } from "../../match-calendar/match-calendar-events";
import {
  type ComposedMessage,
  type Composition,
  compose,
  NotARecipient,
} from "../compose/composer";
import { type Recipient, renderAutomaticMail } from "./automatic-mail";
import { queueDeliveries } from "./ledger";

/**
 * One e-mail of a change to a running month's match (docs/matches.md, "When a match changes"),
 * as queued: `plain` is the short "your match has changed" e-mail (MatchChangedEmail), `match`
 * the match announcement of the composer for the person's new match with a sentence of news,
 * `calendar` a short e-mail around a calendar message. Each may carry the match's calendar
 * message as its text/calendar part (docs/matches.md, "The calendar invitation").
 */
export type MatchChangeMail = (
  | {
      via: "plain";
      userId: string;
      email: string;
      subject: string;
      title: string;
      lines: string[];
      action?: { url: string; label: string };
    }
  | {
      via: "match";
      userId: string;
      email: string;
      pairingId: number;
      subject: string;
      title: string;
      news: string;
    }
  /** Only the match's calendar invitation or cancellation, when no other e-mail can carry it. */
  | { via: "calendar"; userId: string; email: string }
) & {
  /** The match's calendar message this e-mail carries (matches/match-calendar-events.ts). */
  calendar?: CalendarMessage;
};

/**
 * Queues a change's e-mails in the delivery ledger inside the change's own transaction
 * (docs/matches.md): a `newsletters` row of kind `match-change` holding each recipient's e-mail
 * spec, already `sending`, and one delivery per recipient. So the change and its e-mails commit
 * together: a crash after the commit leaves them to the delivery workers (claims, leases,
 * retries through a mail outage, a dead process's deliveries taken over), and nothing is sent
 * for a change that rolled back. Someone written to twice by one change (rare: two pairings)
 * gets a second row. Answers how many e-mails were queued; wake the workers after the commit.
 */
export async function queueMatchChangeMails(
  ctx: AppContext,
  tx: Tx,
  title: string,
  mails: readonly MatchChangeMail[],
): Promise<number> {
  const now = ctx.clock.now();
  const batches: MatchChangeMail[][] = [];
  for (const mail of mails) {
    const free = batches.find((b) => !b.some((m) => m.email === mail.email));
    if (free) free.push(mail);
    else batches.push([mail]);
  }
  let queued = 0;
  for (const batch of batches) {
    const [row] = await tx
      .insert(newsletters)
      .values({
        kind: "match-change",
        status: "sending",
        month: now.getUTCMonth() + 1,
        year: now.getUTCFullYear(),
        title,
        mails: batch,
        mailTransport: ctx.mailer.fingerprint,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: newsletters.id });
    queued += await queueDeliveries(
      tx,
      row.id,
      batch.map((m) => ({ userId: m.userId, email: m.email, matchEmail: null })),
      now,
    );
  }
  return queued;
}

/**
 * The worker's composition of a queued match change: each recipient's e-mail is rendered in
 * prepare, then messageFor hands it out. A recipient deactivated since, or no longer in the
 * match the e-mail announces, is not written to (NotARecipient: the delivery fails as not sent).
 */
export async function composeMatchChange(
  ctx: AppContext,
  newsletter: NewsletterRow,
): Promise<Composition> {
  const mails = (newsletter.mails ?? []) as MatchChangeMail[];
  const built = new Map<string, ComposedMessage | Error>();
  const recipients = mails.map((m) => ({ userId: m.userId, email: m.email, matchEmail: null }));
  const refuse = () => {
    throw new Error("A match change's e-mails are neither previewed nor validated.");
  };
  return {
    newsletter,
    audience: null,
    recipients,
    validate: refuse,
    preview: refuse,
    async prepare() {
      const secret = await getAuthSecret(ctx);
      for (const mail of mails) {
        built.set(mail.email, await build(ctx, secret, mail).catch((error: Error) => error));
      }
    },
    messageFor(recipient) {
      const message = built.get(recipient.email);
      if (!message) throw new NotARecipient("This person is not among this change's recipients.");
      if (message instanceof Error) throw message;
      return message;
    },
  };
}

async function build(
  ctx: AppContext,
  secret: string,
  mail: MatchChangeMail,
): Promise<ComposedMessage> {
  const [person] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, mail.userId));
  if (!person?.isActive) throw new NotARecipient("The person was deactivated since.");
  const calendar = mail.calendar ? await renderCalendarMessage(ctx, mail.calendar) : undefined;
  const message = await buildBody(ctx, secret, person, mail, calendar);
  return calendar ? { ...message, calendar: calendar.part } : message;
}

async function buildBody(
  ctx: AppContext,
  secret: string,
  person: Recipient,
  mail: MatchChangeMail,
  calendar: RenderedCalendarMessage | undefined,
): Promise<ComposedMessage> {
  if (mail.via === "calendar") {
    if (!calendar) throw new Error("A calendar e-mail without its calendar message.");
    const body = await renderAutomaticMail(ctx, secret, person, (common) =>
      MatchChangedEmail({ ...common, title: calendar.subject, lines: calendar.lines }),
    );
    return { to: person.email, subject: calendar.subject, ...body };
  }
  if (mail.via === "plain") {
    const body = await renderAutomaticMail(ctx, secret, person, (common) =>
      MatchChangedEmail({ ...common, title: mail.title, lines: mail.lines, action: mail.action }),
    );
    return { to: person.email, subject: mail.subject, ...body };
  }
  const composition = await compose(ctx, {
    pairingFile: activePairingFile(mail.pairingId),
    only: new Set([mail.userId]),
    subject: () => mail.subject,
    title: () => mail.title,
    newsFor: () => mail.news,
  });
  if (!composition.recipients.some((r) => r.userId === mail.userId)) {
    throw new NotARecipient("The person is no longer in the match this e-mail announces.");
  }
  await composition.prepare();
  return composition.messageFor({ userId: mail.userId, email: person.email });
}
