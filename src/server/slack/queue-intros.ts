import { inArray } from "drizzle-orm";
import { organiserTurns } from "../channels/organiser";
import { runningMatchesOf } from "../channels/running-matches";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { memberIds } from "../match-members/match-members";
import { slackIntro } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";
import {
  effectiveReach,
  getChannelSettings,
  slackConfigured,
  wantsSlack,
} from "../settings/channel-settings";

/**
 * Queues one Slack intro per running match of the pairing with a member reached in Slack
 * (docs/chat.md, "The intro"), naming its organiser and picking a conversation starter from
 * `starters`. Keyed by the match: a publish run again after a crash, or the admin's send after
 * the round's, queues nothing twice. Resolves how many are new.
 */
export async function queueSlackIntros(
  ctx: AppContext,
  pairingId: number,
  starters: readonly string[],
): Promise<number> {
  if (!slackConfigured(ctx) || starters.length === 0) return 0;
  const found = await runningMatchesOf(ctx, pairingId);
  if (!found) return 0;
  const { pairing, running, ids } = found;
  const [company, people] = await Promise.all([
    getChannelSettings(ctx.db),
    ctx.db
      .select({ id: users.id, reachBy: users.reachBy })
      .from(users)
      .where(inArray(users.id, ids)),
  ]);
  const reach = new Map(people.map((p) => [p.id, effectiveReach(p.reachBy, company)]));
  const turns = await organiserTurns(ctx.db, ids, pairing.month);
  const intros = running.flatMap((match) => {
    const members = memberIds(match);
    if (!members.some((id) => wantsSlack(reach.get(id) ?? "email"))) return [];
    return [{ matchId: match.id, organiserId: turns.pick(members) }];
  });
  return queue(ctx, ctx.db, slackIntro, intros, ({ matchId }) => ({
    pairingId: pairing.id,
    month: pairing.month,
    starter: starters[matchId % starters.length],
  }));
}
