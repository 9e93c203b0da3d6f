import { eq } from "drizzle-orm";
import { newsletters } from "../db/schema";
import { quietLogs } from "../jobs/definitions/job-logs";
import { newsletterDeliveryJob } from "../jobs/definitions/newsletter-delivery";
import { startJob } from "../jobs/run-job";
import type { TestApp } from "./test-app";

/**
 * Runs a delivery worker in each app, as start-server.ts does, until no newsletter or round
 * announcement is being sent any more (a few seconds at most), then stops them; then waits until
 * the outbox's due messages (a match change's e-mails) are sent too.
 */
export async function deliverQueued(...apps: TestApp[]): Promise<void> {
  const workers = apps.map((t) =>
    startJob(
      newsletterDeliveryJob(t.ctx, quietLogs, {
        concurrency: 2,
        leaseMs: 10_000,
        pollMs: 20,
        log: () => {},
      }),
    ),
  );
  try {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const open = await apps[0].db
        .select({ id: newsletters.id })
        .from(newsletters)
        .where(eq(newsletters.status, "sending"))
        .limit(1);
      if (open.length === 0) {
        await Promise.all(apps.map((app) => app.outbox()));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("Deliveries still open after 10 s.");
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
