import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { BadRequest } from "../../errors";
import type { AudiencePerson } from "../compose/audience";
import { type Composition, compose } from "../compose/composer";
import { findNewsletter } from "../present";
import { startSend } from "./start-send";

type Log = { error(obj: unknown, message: string): void };

export interface AnnounceOptions {
  /**
   * Announce with this newsletter (approved, linking the same pairing): its send is started and
   * the delivery workers send it through the ledger. Without it, the short announcement is sent.
   */
  newsletterId?: number;
  /** Taken in the transaction that starts the newsletter's send (start-send.ts). */
  claim?: (tx: Tx) => Promise<boolean>;
  /** Only these members (user ids) are written to, e.g. the group a re-pair changed. */
  only?: ReadonlySet<string>;
  /** A sentence of news above the match, per person (a re-pair says what changed). */
  newsFor?: (person: AudiencePerson, period: string) => string | null;
  /** The subject and heading for the pairing's month ("March 2027"); defaults name the month. */
  subject?: (period: string) => string;
  title?: (period: string) => string;
  log: Log;
}

export type Announced =
  | { via: "newsletter"; queued: number }
  | { via: "announcement"; sent: number; failed: number };

const LANES = 5;

/**
 * Announces a pairing's matches to its members: with a newsletter, by starting its send; without
 * one, by the short announcement (partner, department, bio, the schedule button, unsubscribe),
 * composed by the same composer and sent at once, each person their own e-mail, to the people a
 * newsletter would reach (docs/newsletters.md, "Recipients"). A failed e-mail is logged and the
 * others still go; sent this way the short announcement has no ledger, so a crash mid-way sends
 * no more of it (a published round queues its announcement in the ledger: queue-announcement.ts).
 */
export async function announcePairing(
  ctx: AppContext,
  pairingFile: string,
  options: AnnounceOptions,
): Promise<Announced> {
  if (options.newsletterId !== undefined) {
    const newsletter = await findNewsletter(ctx, options.newsletterId);
    if (newsletter.pairingFile !== pairingFile) {
      throw new BadRequest("This newsletter announces another pairing.", "other_pairing");
    }
    const started = await startSend(ctx, newsletter.id, { claim: options.claim });
    return { via: "newsletter", queued: started.total };
  }
  const composition = await compose(ctx, { pairingFile, ...options });
  await composition.prepare();
  return { via: "announcement", ...(await sendEach(ctx, composition, options.log)) };
}

async function sendEach(ctx: AppContext, composition: Composition, log: Log) {
  const queue = [...composition.recipients];
  let sent = 0;
  let failed = 0;
  const lane = async () => {
    for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
      try {
        await ctx.mailer.send({ ...composition.messageFor(recipient), kind: "other" });
        sent++;
      } catch (error) {
        failed++;
        log.error(error, `The match announcement to user ${recipient.userId} could not be sent.`);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return { sent, failed };
}
