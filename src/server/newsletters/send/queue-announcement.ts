import { sql } from "drizzle-orm";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { newsletters } from "../../db/schema";
import {
  type RoundAnnouncementData,
  roundAnnouncement,
} from "../../outbox/kinds/round-announcement";
import { queue } from "../../outbox/queue";
import { markPairingAnnounced } from "../../pairings/current/mark-announced";
import { type Recipient, recipientsOfSource } from "../compose/recipients";
import { withoutToldInSlack } from "./announce-in-channels";
import { uniqueByAddress } from "./start-send";

export interface QueueAnnouncementOptions {
  /** The send log's title, e.g. "Round announcement: March 2027 — Engineering". */
  title: string;
  domainGroupId: number | null;
  /**
   * Runs first in the transaction that queues; when it answers false nothing is queued (the
   * caller's claim, e.g. a round step's `announced_at`, was already taken).
   */
  claim?: (tx: Tx) => Promise<boolean>;
}

/** How many messages were queued, or null when the claim was already taken. */
export type AnnouncementQueued = { newsletterId: number; queued: number } | null;

/**
 * Queues a pairing's short announcement in the outbox (its kind `round-announcement`,
 * docs/mail.md): a `newsletters` row of kind `announcement` (one per pairing, unique index),
 * already `sending`, which carries its send log, and one message per recipient with their place
 * in the pairing, in ONE transaction with the caller's claim. The outbox renders each at delivery
 * (claims, leases, retries through an outage, a crashed process's messages taken over); once none
 * is left pending the delivery job seals the row sent and writes its log (finish-send.ts).
 * Queuing the same pairing twice finds its row and adds nobody twice (docs/rounds.md).
 */
export async function queueAnnouncement(
  ctx: AppContext,
  pairingFile: string,
  options: QueueAnnouncementOptions,
): Promise<AnnouncementQueued> {
  const planned = await recipientsOfSource(ctx, { pairingFile });
  // Who chose Slack alone and is introduced there gets no e-mail (docs/chat.md).
  const recipients = uniqueByAddress(
    await withoutToldInSlack(ctx, pairingFile, planned.recipients),
  );
  const month = planned.audience?.month ?? "";
  const pairingId = parseActivePairingFile(pairingFile);
  if (pairingId === null) throw new Error(`${pairingFile} is no running pairing.`);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (options.claim && !(await options.claim(tx))) return null;
    const [year, m] = month.split("-").map(Number);
    await tx
      .insert(newsletters)
      .values({
        kind: "announcement",
        status: "sending",
        month: m,
        year,
        title: options.title,
        pairingFile,
        domainGroupId: options.domainGroupId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({
        target: newsletters.pairingFile,
        where: sql`${newsletters.kind} = 'announcement'`,
      });
    const [row] = await tx
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(
        sql`${newsletters.kind} = 'announcement' and ${newsletters.pairingFile} = ${pairingFile}`,
      );
    await markPairingAnnounced(tx, pairingFile, now);
    const announcement = { announcementId: row.id, pairingId, month };
    const queued = await queueAnnouncementMessages(ctx, tx, announcement, recipients);
    return { newsletterId: row.id, queued };
  });
}

/**
 * Queues the announcement's message to each of `recipients` in the caller's transaction (once per
 * recipient and announcement: someone who has one gets no second). Answers how many were queued.
 */
export async function queueAnnouncementMessages(
  ctx: AppContext,
  tx: Tx,
  announcement: Pick<RoundAnnouncementData, "announcementId" | "pairingId" | "month">,
  recipients: readonly Recipient[],
): Promise<number> {
  const byAddress = new Map(recipients.map((r) => [r.email, r]));
  const dataOf = (to: string) => messageData(byAddress.get(to) as Recipient, announcement);
  return queue(ctx, tx, roundAnnouncement, [...byAddress.keys()], dataOf);
}

function messageData(
  recipient: Recipient,
  announcement: Pick<RoundAnnouncementData, "announcementId" | "pairingId" | "month">,
): RoundAnnouncementData {
  const { match } = recipient;
  return {
    ...announcement,
    userId: recipient.userId,
    match: match.kind === "partners" ? match : { kind: "sat-out" },
    partnerIds: recipient.partnerIds,
  };
}
