import { and, eq, isNull, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { activePairingFile } from "../newsletters/newsletter-files";
import { startSend } from "../newsletters/send/start-send";
import type { RoundScope } from "./round-settings";

export interface Announcement {
  summary: string;
  data: Record<string, unknown>;
}

/**
 * Tells a published round's members about their match: with the month's newsletter when an admin
 * approved one for this scope (linked to the new pairing, then sent through the delivery ledger,
 * docs/newsletters.md), otherwise with the short announcement.
 */
export async function announceRound(
  ctx: AppContext,
  pairingId: number,
  scope: RoundScope,
  month: string,
  log: (line: string) => void,
): Promise<Announcement> {
  const pairingFile = activePairingFile(pairingId);
  const newsletter = await approvedNewsletterFor(ctx, scope, month, pairingFile);
  if (newsletter) {
    await ctx.db
      .update(newsletters)
      .set({ pairingFile, validation: null, updatedAt: ctx.clock.now() })
      .where(eq(newsletters.id, newsletter.id));
    const started = await startSend(ctx, newsletter.id);
    return {
      summary: `the approved newsletter "${newsletter.title}" is being sent to ${started.total} people.`,
      data: { via: "newsletter", newsletterId: newsletter.id, queued: started.total },
    };
  }
  log(
    `Rounds: no approved newsletter for ${month} (${scope.label}); members see their match in the app.`,
  );
  return {
    summary: "no newsletter was approved for the month; members see their match in the app.",
    data: { via: "none" },
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
        scope.domainGroupId === null
          ? isNull(newsletters.domainGroupId)
          : eq(newsletters.domainGroupId, scope.domainGroupId),
        or(isNull(newsletters.pairingFile), eq(newsletters.pairingFile, pairingFile)),
      ),
    );
  return found ?? null;
}
