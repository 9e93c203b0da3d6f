import { and, eq, isNull, or } from "drizzle-orm";
import { activePairingFile } from "../../shared/pairing-file-names";
import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { newsletters } from "../db/schema";
import { queueAnnouncement } from "../newsletters/send/queue-announcement";
import { startSend } from "../newsletters/send/start-send";
import type { RoundScope } from "./round-settings";

export interface Announcement {
  summary: string;
  data: Record<string, unknown>;
}

/**
 * Tells a published round's members about their match: with the month's newsletter when an admin
 * approved one for this scope (linked to the new pairing, then its send started: one outbox
 * message per recipient, docs/newsletters.md), otherwise with the short announcement (partner,
 * department, bio, the schedule button, unsubscribe), queued in the outbox (docs/mail.md), whose
 * job wakes once the transaction has committed.
 * `claim` takes the step's announcement (announced_at) so it goes out at most once: in the very
 * transaction that starts the newsletter's send or queues the short announcement, so a crash
 * leaves either nothing (the step runs again) or every delivery queued. Null when the
 * announcement was already claimed.
 */
export async function announceRound(
  ctx: AppContext,
  round: { pairingId: number; scope: RoundScope; month: string },
  claim: (tx: Tx) => Promise<boolean>,
): Promise<Announcement | null> {
  const { pairingId, scope, month } = round;
  const pairingFile = activePairingFile(pairingId);
  const newsletter = await approvedNewsletterFor(ctx, scope, month, pairingFile);
  if (newsletter) {
    // Linking is idempotent; the claim and the send's start share one transaction, so a crash
    // leaves the newsletter approved and the step unclaimed, and the next run sends it.
    await ctx.db
      .update(newsletters)
      .set({ pairingFile, validation: null, updatedAt: ctx.clock.now() })
      .where(eq(newsletters.id, newsletter.id));
    const sent = await startSend(ctx, newsletter.id, { claim }).catch(
      (error: { code?: string }) => {
        if (error.code === "already_announced") return null;
        throw error;
      },
    );
    if (!sent) return null;
    const queued = sent.total;
    return {
      summary: `the approved newsletter "${newsletter.title}" is being sent to ${queued} people.`,
      data: { via: "newsletter", newsletterId: newsletter.id, queued },
    };
  }
  const queued = await queueAnnouncement(ctx, pairingFile, {
    title: `Round announcement: ${monthDisplay(month)} — ${scope.label}`,
    domainGroupId: scope.domainGroupId,
    claim,
  });
  if (!queued) return null;
  return {
    summary: `no newsletter was approved for the month, so each gets the short announcement (${queued.queued} queued in the outbox).`,
    data: { via: "announcement", ...queued },
  };
}

/** The month's approved newsletter for this scope, not yet linked to another pairing. */
async function approvedNewsletterFor(
  ctx: AppContext,
  scope: RoundScope,
  month: string,
  pairingFile: string,
) {
  const [year, m] = month.split("-").map(Number);
  const [found] = await ctx.db
    .select({ id: newsletters.id, title: newsletters.title })
    .from(newsletters)
    .where(
      and(
        eq(newsletters.year, year),
        eq(newsletters.month, m),
        eq(newsletters.status, "approved"),
        eq(newsletters.kind, "newsletter"),
        scope.domainGroupId === null
          ? isNull(newsletters.domainGroupId)
          : eq(newsletters.domainGroupId, scope.domainGroupId),
        or(isNull(newsletters.pairingFile), eq(newsletters.pairingFile, pairingFile)),
      ),
    );
  return found ?? null;
}
