import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { matches, newsletters, pairings, users } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { DEFAULT_STARTERS } from "../newsletters/newsletter-defaults";
import { activePairingFile } from "../newsletters/newsletter-files";
import { parseList } from "../newsletters/present";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event";
import { effectiveReach, getChatSettings, wantsSlack } from "./chat-settings";
import { wakeChatDeliveries } from "./chat-wake";
import { type QueuedChatMessage, queueChatMessages } from "./ledger";
import { organiserTurns } from "./organiser";
import { slackConfigured } from "./slack-client";

/**
 * A published pairing told in chat (docs/chat.md): one Slack intro per match with a member who
 * is reached in Slack, and the `round.published` and `match.created` webhook events. Everything
 * is queued in the chat ledger by a key of its own (the match, the pairing), so a publish run
 * again after a crash, or the admin's send after the round's, queues nothing twice.
 */
export async function announceInChat(ctx: AppContext, pairingId: number): Promise<number> {
  const [pairing] = await ctx.db.select().from(pairings).where(eq(pairings.id, pairingId));
  if (!pairing || pairing.status !== "active") return 0;
  const rows = await withMembers(
    ctx.db,
    await ctx.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
  );
  const running = rows.filter((m) => m.status === "active" && m.members.length >= 2);
  const now = ctx.clock.now();
  let queued = await emitWebhookEvent(ctx.db, now, {
    type: "round.published",
    key: `pairing-${pairing.id}`,
    data: {
      pairingId: pairing.id,
      name: pairing.name,
      month: pairing.month,
      matches: running.length,
    },
  });
  for (const match of running) {
    queued += await emitWebhookEvent(ctx.db, now, {
      type: "match.created",
      key: `match-${match.id}`,
      data: {
        matchId: match.id,
        pairingId: pairing.id,
        month: pairing.month,
        memberIds: memberIds(match),
      },
    });
  }
  if (slackConfigured(ctx)) queued += await queueIntros(ctx, pairing, running);
  if (queued > 0) wakeChatDeliveries();
  return queued;
}

async function queueIntros(
  ctx: AppContext,
  pairing: { id: number; month: string },
  running: Awaited<ReturnType<typeof withMembers>>,
): Promise<number> {
  const ids = [...new Set(running.flatMap(memberIds))];
  if (ids.length === 0) return 0;
  const [company, people, starters] = await Promise.all([
    getChatSettings(ctx.db),
    ctx.db
      .select({ id: users.id, reachBy: users.reachBy })
      .from(users)
      .where(inArray(users.id, ids)),
    startersFor(ctx, pairing.id),
  ]);
  const reach = new Map(people.map((p) => [p.id, effectiveReach(p.reachBy, company)]));
  const turns = await organiserTurns(ctx.db, ids, pairing.month);
  const intros: QueuedChatMessage[] = [];
  for (const match of running) {
    const members = memberIds(match);
    if (!members.some((id) => wantsSlack(reach.get(id) ?? "email"))) continue;
    intros.push({
      channel: "slack",
      kind: "intro",
      dedupeKey: `slack:intro:match-${match.id}`,
      matchId: match.id,
      organiserId: turns.pick(members),
      payload: {
        pairingId: pairing.id,
        month: pairing.month,
        starter: starters[match.id % starters.length],
      },
    });
  }
  return queueChatMessages(ctx.db, intros);
}

/** The month's newsletter's conversation starters when one announces this pairing, else ours. */
async function startersFor(ctx: AppContext, pairingId: number): Promise<string[]> {
  const [linked] = await ctx.db
    .select({ starters: newsletters.coffeeChatStarters })
    .from(newsletters)
    .where(eq(newsletters.pairingFile, activePairingFile(pairingId)));
  const own = linked ? parseList(linked.starters).filter((s) => s.trim() !== "") : [];
  return own.length > 0 ? own : DEFAULT_STARTERS;
}
