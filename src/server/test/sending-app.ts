import type { Clock } from "../clock";
import type { OutboxDeliveryJobOptions } from "../jobs/definitions/outbox-delivery";
import type { RunningJob } from "../jobs/run-job";
import { createAdmin } from "./factories";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer";
import { createTestApp, type TestApp } from "./test-app";

/** The app on its own database, a real SMTP peer, the outbox's delivery job and an admin to send as. */
export interface SendingApp {
  t: TestApp;
  peer: SmtpPeer;
  /** The outbox's delivery job, which delivers newsletters too (t.outboxDelivery). */
  worker: RunningJob;
  admin: { id: string };
  close(): Promise<void>;
}

export async function startSendingApp(
  options: {
    clock?: Clock;
    /** The peer answers each message this much later. */
    peerDelayMs?: number;
    worker?: OutboxDeliveryJobOptions;
  } = {},
): Promise<SendingApp> {
  const peer = await startSmtpPeer({ delayMs: options.peerDelayMs });
  const t = await createTestApp({
    smtpUrl: peer.url,
    clock: options.clock,
    outboxDelivery: { concurrency: 2, pollMs: 20, ...options.worker },
  });
  return {
    t,
    peer,
    worker: t.outboxDelivery,
    admin: await createAdmin(t.db),
    async close() {
      await t.close();
      await peer.close();
    },
  };
}
