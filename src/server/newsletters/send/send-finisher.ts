import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { OutgoingMessageRow } from "../../db/schema";
import { roundAnnouncement } from "../../outbox/kinds/round-announcement";
import { finishedButOpen, finishSend } from "./finish-send";
import { NEWSLETTER_MESSAGE_KEY, newsletterMessage } from "./newsletter-message";

/** What the outbox's delivery job does for the sends of newsletters (jobs/definitions/outbox-delivery.ts). */
export interface SendFinisher {
  /** After a batch: finishes the sends its messages belonged to that have nothing left pending. */
  afterBatch(rows: readonly OutgoingMessageRow[]): Promise<void>;
  /**
   * Nothing to claim: finishes sends left open by a crash right at the end, and says once which
   * sends this process leaves to a process with another mail transport.
   */
  idle(): Promise<void>;
}

/**
 * Seals the sends of newsletters and round announcements (finish-send.ts) as the outbox delivers
 * their messages, exactly once across processes (docs/newsletters.md, "Sending").
 */
export function createSendFinisher(
  ctx: AppContext,
  logs: { log: (line: string) => void; warn: (line: string) => void },
): SendFinisher {
  const warned = new Set<number>();
  const finish = async (newsletterIds: Iterable<number>) => {
    for (const newsletterId of newsletterIds) {
      const ended = await finishSend(ctx, newsletterId);
      if (ended === "sent") logs.log(`Newsletter ${newsletterId} sent: every delivery has ended.`);
      if (ended === "held") logs.warn(heldWarning(newsletterId));
    }
  };
  return {
    async afterBatch(rows) {
      const ids = new Set<number>();
      for (const row of rows) {
        const data = row.data as { newsletterId?: number; announcementId?: number };
        if (row.kind === newsletterMessage.name && data.newsletterId) ids.add(data.newsletterId);
        if (row.kind === roundAnnouncement.name && data.announcementId) {
          ids.add(data.announcementId);
        }
      }
      await finish(ids);
    },
    async idle() {
      await finish(await finishedButOpen(ctx));
      for (const send of await sendsOverOtherTransports(ctx)) {
        if (warned.has(send.id)) continue;
        warned.add(send.id);
        logs.warn(otherTransportWarning(send, ctx.mailer.fingerprint));
      }
    },
  };
}

/** Sends with messages still pending over another mail transport than this process's. */
async function sendsOverOtherTransports(
  ctx: AppContext,
): Promise<Array<{ id: number; transport: string }>> {
  const result = await ctx.db.execute(sql`
    select n.id, n.mail_transport from newsletters n
    where n.status = 'sending' and n.mail_transport is not null
      and n.mail_transport <> ${ctx.mailer.fingerprint}
      and exists (select 1 from outgoing_messages m
                  where m.kind = ${newsletterMessage.name}
                    and m.once_key = ${NEWSLETTER_MESSAGE_KEY}::text || n.id::text
                    and m.state = 'pending')`);
  const rows = (result as unknown as { rows: Array<{ id: number; mail_transport: string }> }).rows;
  return rows.map((r) => ({ id: Number(r.id), transport: r.mail_transport }));
}

function heldWarning(newsletterId: number): string {
  return (
    `Newsletter ${newsletterId} is approved again, not sent: some of its e-mails could not ` +
    "be built (see its send log); fix it and send it again."
  );
}

/**
 * A process whose mail transport differs from the one a send was started with (say, one started
 * without SMTP_URL on a shared database) would deliver into the wrong place; the outbox leaves
 * those messages alone, and this says so, once per send. Fingerprints carry no credentials.
 */
function otherTransportWarning(send: { id: number; transport: string }, mine: string): string {
  return (
    `Newsletter ${send.id} is being sent over ${send.transport}, but this process mails over ` +
    `${mine}: it leaves those deliveries to a process configured with that transport.`
  );
}
