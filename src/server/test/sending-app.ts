import type { Clock } from "../clock";
import { quietLogs } from "../jobs/definitions/job-logs";
import {
  type NewsletterDeliveryJobOptions,
  newsletterDeliveryJob,
} from "../jobs/definitions/newsletter-delivery";
import { type RunningJob, startJob } from "../jobs/run-job";
import { createAdmin } from "./factories";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer";
import { createTestApp, type TestApp } from "./test-app";

/** The app on its own database, a real SMTP peer, a delivery worker and an admin to send as. */
export interface SendingApp {
  t: TestApp;
  peer: SmtpPeer;
  worker: RunningJob;
  admin: { id: string };
  close(): Promise<void>;
}

export async function startSendingApp(
  options: {
    clock?: Clock;
    /** The peer answers each message this much later. */
    peerDelayMs?: number;
    worker?: Partial<NewsletterDeliveryJobOptions>;
  } = {},
): Promise<SendingApp> {
  const peer = await startSmtpPeer({ delayMs: options.peerDelayMs });
  const t = await createTestApp({ smtpUrl: peer.url, clock: options.clock });
  const worker = startJob(
    newsletterDeliveryJob(t.ctx, quietLogs, {
      concurrency: 2,
      leaseMs: 10_000,
      pollMs: 20,
      log: () => {},
      ...options.worker,
    }),
  );
  return {
    t,
    peer,
    worker,
    admin: await createAdmin(t.db),
    async close() {
      await worker.stop();
      await t.close();
      await peer.close();
    },
  };
}
