import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { newsletters } from "../../db/schema";
import { compose } from "../compose/composer";
import { withoutToldInSlack } from "./announce-in-chat";
import { queueDeliveries } from "./ledger";
import { uniqueByAddress } from "./start-send";

const INSERT_BATCH = 5000;

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

/** How many deliveries were queued, or null when the claim was already taken. */
export type AnnouncementQueued = { newsletterId: number; queued: number } | null;

/**
 * Queues a pairing's short announcement in the delivery ledger: a `newsletters` row of kind
 * `announcement` (one per pairing, unique index), already `sending` over this process's mail
 * transport, and one delivery per recipient, in ONE transaction with the caller's claim. The
 * delivery workers then compose each e-mail with the composer and send it like a newsletter's
 * (claims, leases, retries through an outage, a crashed process's deliveries taken over). Queuing
 * the same pairing twice finds its row and adds nobody twice (docs/rounds.md).
 */
export async function queueAnnouncement(
  ctx: AppContext,
  pairingFile: string,
  options: QueueAnnouncementOptions,
): Promise<AnnouncementQueued> {
  const composition = await compose(ctx, { pairingFile });
  // Who chose Slack alone and is introduced there gets no e-mail (docs/chat.md).
  const recipients = uniqueByAddress(
    await withoutToldInSlack(ctx, pairingFile, composition.recipients),
  );
  const [year, month] = (composition.audience?.month ?? "").split("-").map(Number);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (options.claim && !(await options.claim(tx))) return null;
    await tx
      .insert(newsletters)
      .values({
        kind: "announcement",
        status: "sending",
        month,
        year,
        title: options.title,
        pairingFile,
        domainGroupId: options.domainGroupId,
        mailTransport: ctx.mailer.fingerprint,
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
    let queued = 0;
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      queued += await queueDeliveries(tx, row.id, recipients.slice(i, i + INSERT_BATCH), now);
    }
    return { newsletterId: row.id, queued };
  });
}
