import { eq } from "drizzle-orm";
import { activePairingFile, parseActivePairingFile } from "../../../shared/pairing-file-names";
import type { AppContext } from "../../context";
import { newsletters } from "../../db/schema";
import { queueSlackIntros } from "../../slack/queue-intros";
import { toldInSlackOnly } from "../../slack/told-in-slack-only";
import { queueTeamsIntros, toldInTeamsOnly } from "../../teams/queue-teams";
import { emitPairingEvents } from "../../webhooks/emit-pairing-events";
import { DEFAULT_STARTERS } from "../newsletter-defaults";
import { parseList } from "../present";

/**
 * A published pairing told in the channels (docs/chat.md): the Slack and Teams intros, with the conversation
 * starters of the newsletter that announces the pairing (else the built-in list), and the
 * `round.published` and `match.created` webhook events. Each is queued once by its own key, so
 * the round's publish and the admin's send may both call it. Resolves how many are new.
 */
export async function announceInChannels(ctx: AppContext, pairingId: number): Promise<number> {
  const [linked] = await ctx.db
    .select({ starters: newsletters.coffeeChatStarters })
    .from(newsletters)
    .where(eq(newsletters.pairingFile, activePairingFile(pairingId)));
  const own = linked ? parseList(linked.starters).filter((s) => s.trim() !== "") : [];
  const starters = own.length > 0 ? own : DEFAULT_STARTERS;
  return (
    (await emitPairingEvents(ctx, pairingId)) +
    (await queueSlackIntros(ctx, pairingId, starters)) +
    (await queueTeamsIntros(ctx, pairingId, starters))
  );
}

/**
 * The pairing's e-mail recipients without those told in Slack or Teams alone (docs/chat.md, "Where
 * people are reached"): a person who chose Slack only and whose whole match is found in Slack, or
 * who chose Teams and whom Teams reaches, gets the intro there and no announcement e-mail. A completed pairing's file tells nobody in Slack.
 */
export async function withoutToldInSlack<R extends { userId: string }>(
  ctx: AppContext,
  pairingFile: string,
  recipients: R[],
): Promise<R[]> {
  const pairingId = parseActivePairingFile(pairingFile);
  if (pairingId === null) return recipients;
  const told = new Set([
    ...(await toldInSlackOnly(ctx, pairingId)),
    ...(await toldInTeamsOnly(ctx, pairingId)),
  ]);
  return told.size === 0 ? recipients : recipients.filter((r) => !told.has(r.userId));
}
