import { and, eq, isNull, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { activePairingFile } from "../newsletters/newsletter-files";
import { announcePairing } from "../newsletters/send/announce";
import type { RoundScope } from "./round-settings";

export interface Announcement {
  summary: string;
  data: Record<string, unknown>;
}

/**
 * Tells a published round's members about their match: with the month's newsletter when an admin
 * approved one for this scope (linked to the new pairing, then sent through the delivery ledger,
 * docs/newsletters.md), otherwise with the short announcement (partner, department, bio, the
 * schedule button, unsubscribe), both composed by newsletters/compose. The caller claims the
 * announcement first, so it goes out at most once.
 */
export async function announceRound(
  ctx: AppContext,
  pairingId: number,
  scope: RoundScope,
  month: string,
  log: (line: string) => void,
): Promise<Announcement> {
  const pairingFile = activePairingFile(pairingId);
  const errors = { error: (_obj: unknown, message: string) => log(`Rounds: ${message}`) };
  const newsletter = await approvedNewsletterFor(ctx, scope, month, pairingFile);
  if (newsletter) {
    await ctx.db
      .update(newsletters)
      .set({ pairingFile, validation: null, updatedAt: ctx.clock.now() })
      .where(eq(newsletters.id, newsletter.id));
    const sent = await announcePairing(ctx, pairingFile, {
      newsletterId: newsletter.id,
      log: errors,
    });
    const queued = sent.via === "newsletter" ? sent.queued : 0;
    return {
      summary: `the approved newsletter "${newsletter.title}" is being sent to ${queued} people.`,
      data: { via: "newsletter", newsletterId: newsletter.id, queued },
    };
  }
  const sent = await announcePairing(ctx, pairingFile, { log: errors });
  if (sent.via !== "announcement") return { summary: "", data: sent };
  return {
    summary: `no newsletter was approved for the month, so each got the short announcement (${sent.sent} sent${sent.failed > 0 ? `, ${sent.failed} failed` : ""}).`,
    data: sent,
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
