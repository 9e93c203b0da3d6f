import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { activePairingFile } from "../../../shared/pairing-file-names";
import type { AppContext } from "../../context";
import { matchMembers, type NewsletterRow, newsletters } from "../../db/schema";
import { compose } from "../compose/composer";
import { queueAnnouncementMessages } from "./queue-announcement";
import { queueNewsletterMessages, uniqueByAddress } from "./start-send";

/**
 * The e-mail fallback of a Slack intro that did not go out (docs/chat.md, "Where people are
 * reached"): its match's members are added to the announcement of its pairing in the outbox
 * (docs/mail.md) — the round's short announcement's messages, or those of the newsletter that
 * announced it — which is opened again when it was already sent. Whoever already
 * has a message or row of that send is left alone (once per announcement and address), so
 * calling it again mails nobody twice. Resolves
 * how many deliveries were queued; none when the pairing was not announced by e-mail yet (its
 * announcement, when made, mails everyone whose intro did not go out: told-in-slack-only.ts).
 */
export async function mailFailedIntro(
  ctx: AppContext,
  intro: { matchId: number | null; data: unknown },
): Promise<number> {
  const { pairingId } = (intro.data ?? {}) as { pairingId?: number };
  if (intro.matchId === null || typeof pairingId !== "number") return 0;
  const pairingFile = activePairingFile(pairingId);
  const [announcement] = await ctx.db
    .select()
    .from(newsletters)
    .where(
      and(
        eq(newsletters.pairingFile, pairingFile),
        inArray(newsletters.status, ["sending", "sent"]),
      ),
    )
    .orderBy(sql`${newsletters.kind} = 'announcement' desc`, desc(newsletters.id))
    .limit(1);
  if (!announcement) return 0;
  const members = await ctx.db
    .select({ userId: matchMembers.userId })
    .from(matchMembers)
    .where(eq(matchMembers.matchId, intro.matchId));
  const ids = new Set(members.map((m) => m.userId));
  const { recipients } = await compose(ctx, { newsletter: announcement });
  const mine = uniqueByAddress(recipients.filter((r) => r.userId !== null && ids.has(r.userId)));
  if (mine.length === 0) return 0;
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const count =
      announcement.kind === "announcement"
        ? await queueAnnouncementMessages(ctx, tx, announcementOf(announcement, pairingId), mine)
        : await queueNewsletterMessages(ctx, tx, announcement.id, mine);
    if (count > 0) {
      await tx
        .update(newsletters)
        .set({ status: "sending", updatedAt: now })
        .where(and(eq(newsletters.id, announcement.id), eq(newsletters.status, "sent")));
    }
    return count;
  });
  return queued;
}

/** A round's short announcement as its outbox messages name it. */
function announcementOf(row: NewsletterRow, pairingId: number) {
  const month = `${row.year}-${String(row.month).padStart(2, "0")}`;
  return { announcementId: row.id, pairingId, month };
}
