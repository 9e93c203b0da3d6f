import { and, eq } from "drizzle-orm";
import { LINK_PAIRING_FIRST, type SendStarted } from "../../../shared/newsletters";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import { recordActivity } from "../../activity/activity";
import { type NamedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { newsletters, outgoingMessages } from "../../db/schema";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { queue } from "../../outbox/queue";
import { markPairingAnnounced } from "../../pairings/current/mark-announced";
import { type Recipient, recipientsOfSource } from "../compose/recipients";
import { announceInChannels, withoutToldInSlack } from "./announce-in-channels";
import { newsletterMessage, newsletterMessageKey } from "./newsletter-message";

export const ALREADY_SENDING = "This newsletter is already being sent.";
export const ALREADY_SENT = "This newsletter has already been sent.";
export const ALREADY_ANNOUNCED = "This round's announcement has already been made.";
export const APPROVE_FIRST = "Please approve this newsletter before sending it.";
export const NOBODY_TO_SEND_TO =
  "The linked pairing group has nobody to send this newsletter to. Edit the newsletter to select another pairing group.";

/**
 * Starts a send: in ONE transaction the newsletter turns from approved to sending and one outbox
 * message of kind `newsletter` is queued per recipient (once per newsletter and address). The
 * outbox's delivery job of every app process then delivers them (newsletter-message.ts); nothing
 * is sent from the request. The messages record this process's mail transport: only processes
 * with the same one deliver them. The conditional update is
 * the concurrency rule: of two sends at once only one finds the newsletter still approved.
 * `claim`, when given, runs first in that transaction (a round's step takes its announcement,
 * docs/rounds.md): false ends the send before anything is written, as ALREADY_ANNOUNCED.
 * `by`, the admin who pressed Send, is named in a `newsletter.send-started` activity line
 * written in that transaction (a round's own announcement writes `round.announced` instead).
 */
export async function startSend(
  ctx: AppContext,
  newsletterId: number,
  { claim, by }: { claim?: (tx: Tx) => Promise<boolean>; by?: NamedPerson } = {},
): Promise<SendStarted> {
  const [newsletter] = await ctx.db
    .select({
      status: newsletters.status,
      pairingFile: newsletters.pairingFile,
      title: newsletters.title,
    })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  assertSendable(newsletter);

  // The recipients only: nothing is rendered in the request.
  const { recipients: everyone } = await recipientsOfSource(ctx, { newsletter: newsletterId });
  if (everyone.length === 0) throw new BadRequest(NOBODY_TO_SEND_TO, "no_recipients");
  // Who chose Slack alone and is introduced there gets no e-mail (docs/chat.md).
  const recipients = uniqueByAddress(
    await withoutToldInSlack(ctx, newsletter.pairingFile as string, everyone),
  );

  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    if (claim && !(await claim(tx))) throw new Conflict(ALREADY_ANNOUNCED, "already_announced");
    const [claimed] = await tx
      .update(newsletters)
      .set({ status: "sending", updatedAt: now })
      .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, "approved")))
      .returning({ id: newsletters.id });
    if (!claimed) throw new Conflict(ALREADY_SENDING, "already_sending");
    await markPairingAnnounced(tx, newsletter.pairingFile, now);
    const count = await queueNewsletter(ctx, tx, newsletterId, recipients);
    if (by) {
      await recordActivity(
        ctx,
        {
          kind: "newsletter.send-started",
          detail: peopleLine`${by} started sending "${newsletter.title}" to ${count} ${count === 1 ? "person" : "people"}.`,
          data: { by: by.id, newsletterId, recipients: count },
        },
        tx,
      );
    }
    return count;
  });
  // The pairing's matches are told in Slack and Teams too, once each (docs/chat.md, "The intro"); a round's
  // publish (the one caller with a claim) tells chat itself, whichever way it announces by e-mail.
  const pairingId = newsletter.pairingFile ? parseActivePairingFile(newsletter.pairingFile) : null;
  if (pairingId !== null && !claim) await announceInChannels(ctx, pairingId);
  return {
    status: "sending",
    total: queued,
    message: `Sending to ${queued} ${queued === 1 ? "person" : "people"}.`,
  };
}

/**
 * Queues the newsletter's message to each recipient. A newsletter sent before (it came back to
 * approved because some e-mails could not be built) has messages already: its failed ones are
 * queued afresh (with the recipient's data as it is now), its sent ones are left alone.
 */
async function queueNewsletter(
  ctx: AppContext,
  tx: Tx,
  newsletterId: number,
  recipients: readonly Recipient[],
): Promise<number> {
  await tx
    .delete(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, newsletterMessage.name),
        eq(outgoingMessages.onceKey, newsletterMessageKey(newsletterId)),
        eq(outgoingMessages.state, "failed"),
      ),
    );
  return queueNewsletterMessages(ctx, tx, newsletterId, recipients);
}

/** The newsletter's message to each of `recipients` who has none yet, in the caller's transaction. */
export async function queueNewsletterMessages(
  ctx: AppContext,
  tx: Tx,
  newsletterId: number,
  recipients: ReadonlyArray<{ userId: string | null; email: string; matchEmail: string | null }>,
): Promise<number> {
  const byAddress = new Map(recipients.map((r) => [r.email, r]));
  return queue(ctx, tx, newsletterMessage, [...byAddress.keys()], (to) => {
    const { userId, matchEmail } = byAddress.get(to) as (typeof recipients)[number];
    return { newsletterId, userId, matchEmail };
  });
}

function assertSendable(newsletter: { status: string; pairingFile: string | null }) {
  if (newsletter.status === "sending") throw new Conflict(ALREADY_SENDING, "already_sending");
  if (newsletter.status === "sent") throw new Conflict(ALREADY_SENT, "already_sent");
  if (newsletter.status !== "approved") throw new BadRequest(APPROVE_FIRST, "not_approved");
  if (!newsletter.pairingFile) throw new BadRequest(LINK_PAIRING_FIRST, "no_pairing");
}

/** One message per address (case-insensitive): a send queues one per newsletter and address. */
export function uniqueByAddress<T extends { email: string }>(recipients: T[]): T[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
