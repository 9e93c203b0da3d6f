import { and, eq, sql } from "drizzle-orm";
import type { SendStatusResponse } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { outgoingMessages, settings } from "../db/schema";
import { NotFound } from "../errors";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { LAUNCHED_KEY } from "./queue-launch";

/** Whether the launch invitation was queued (the install's one launch). */
export async function launched(ctx: AppContext): Promise<boolean> {
  const rows = await ctx.db
    .select({ key: settings.key })
    .from(settings)
    .where(eq(settings.key, LAUNCHED_KEY));
  return rows.length > 0;
}

/**
 * The checklist's view of the launch: null before it, `sending` while an e-mail of it waits (one
 * row read over the index of pending messages, not a count of them all).
 */
export async function launchState(ctx: AppContext): Promise<{ status: "sending" | "sent" } | null> {
  if (!(await launched(ctx))) return null;
  const waiting = await ctx.db
    .select({ id: outgoingMessages.id })
    .from(outgoingMessages)
    .where(
      and(eq(outgoingMessages.kind, launchInvitation.name), eq(outgoingMessages.state, "pending")),
    )
    .limit(1);
  return { status: waiting.length > 0 ? "sending" : "sent" };
}

/**
 * The launch invitation's progress, for the checklist's progress bar: its outbox messages by
 * outcome, `sending` while any waits, and since when the mail server is out of reach while one
 * waits out an outage. 404 before the launch.
 */
export async function launchStatus(
  ctx: AppContext,
): Promise<SendStatusResponse & { status: "sending" | "sent" }> {
  const [counts] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${outgoingMessages.state} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${outgoingMessages.state} = 'failed'))::int`,
      waitingSince: sql<
        string | null
      >`min(${outgoingMessages.firstFailedAt}) filter (where ${outgoingMessages.state} = 'pending')`,
    })
    .from(outgoingMessages)
    .where(
      and(eq(outgoingMessages.kind, launchInvitation.name), eq(outgoingMessages.onceKey, "launch")),
    );
  if (counts.total === 0 && !(await launched(ctx))) {
    throw new NotFound("The launch invitation has not been sent.");
  }
  const pending = counts.total - counts.sent - counts.failed;
  return {
    status: pending > 0 ? "sending" : "sent",
    total: counts.total,
    sent: counts.sent,
    failed: counts.failed,
    pending,
    waitingSince: counts.waitingSince ? new Date(counts.waitingSince).toISOString() : null,
  };
}
