import type { AppContext } from "../../context";
import type { OutgoingMessageRow } from "../../db/schema";
import { roundAnnouncement } from "../../outbox/kinds/round-announcement";
import { mailTransportOf, pendingOverOtherTransports } from "../../outbox/other-transports";
import { finishedButOpen, finishSend } from "./finish-send";
import { forgetComposition, NEWSLETTER_MESSAGE_KEY, newsletterMessage } from "./newsletter-message";

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

/** The delivery job's lines (jobs/definitions/job-logs.ts): `event` is one JSON line in production. */
interface FinisherLogs {
  log(line: string): void;
  warn(line: string): void;
  event?(fields: { event: string } & Record<string, unknown>, message: string): void;
}

/**
 * Seals the sends of newsletters and round announcements (finish-send.ts) as the outbox delivers
 * their messages, exactly once across processes (docs/newsletters.md, "Sending").
 */
export function createSendFinisher(ctx: AppContext, logs: FinisherLogs): SendFinisher {
  const warned = new Set<number>();
  const finish = async (newsletterIds: Iterable<number>) => {
    for (const newsletterId of newsletterIds) {
      const ended = await finishSend(ctx, newsletterId);
      if (ended) forgetComposition(ctx, newsletterId);
      if (ended === "sent") sentLine(logs, newsletterId);
      if (ended === "held") logs.warn(heldWarning(newsletterId));
    }
  };
  return {
    async afterBatch(rows) {
      const ids = new Set<number>();
      for (const row of rows) {
        const id =
          row.kind === newsletterMessage.name
            ? newsletterMessage.schema.safeParse(row.data).data?.newsletterId
            : row.kind === roundAnnouncement.name
              ? roundAnnouncement.schema.safeParse(row.data).data?.announcementId
              : undefined;
        if (id) ids.add(id);
      }
      await finish(ids);
    },
    async idle() {
      await finish(await finishedButOpen(ctx));
      for (const { onceKey, transport } of await pendingOverOtherTransports(
        ctx,
        newsletterMessage,
      )) {
        const id = Number(onceKey?.slice(NEWSLETTER_MESSAGE_KEY.length));
        if (warned.has(id)) continue;
        warned.add(id);
        logs.warn(otherTransportWarning({ id, transport }, mailTransportOf(ctx)));
      }
    },
  };
}

function sentLine(logs: FinisherLogs, newsletterId: number) {
  const text = `Newsletter ${newsletterId} sent: every delivery has ended.`;
  if (logs.event) logs.event({ event: "newsletter_sent", newsletterId }, text);
  else logs.log(text);
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
