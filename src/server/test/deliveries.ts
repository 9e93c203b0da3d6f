import { eq } from "drizzle-orm";
import { newsletters } from "../db/schema";
import type { TestApp } from "./test-app";

/**
 * Waits until each app's outbox has delivered what is due and no newsletter or round
 * announcement is being sent any more (a few seconds at most): the outbox's delivery job of each
 * app, as start-server.ts runs it, seals a send once none of its messages is pending.
 */
export async function deliverQueued(...apps: TestApp[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await Promise.all(apps.map((app) => app.outbox()));
    const open = await apps[0].db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(eq(newsletters.status, "sending"))
      .limit(1);
    if (open.length === 0) return;
    for (const app of apps) app.outboxDelivery.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("Deliveries still open after 10 s.");
}
