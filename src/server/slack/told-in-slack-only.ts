import { and, eq, inArray } from "drizzle-orm";
import { runningMatchesOf } from "../channels/running-matches";
import type { AppContext } from "../context";
import { outgoingMessages, users } from "../db/schema";
import { memberIds } from "../match-members/match-members";
import {
  effectiveReach,
  getChannelSettings,
  slackConfigured,
  toldInChannelsAlone,
} from "../settings/channel-settings";
import { slackUserIdOf } from "./slack-people";

/**
 * The members of a pairing told of their match in Slack alone (docs/chat.md, "Where people are
 * reached"): they chose Slack only, and every member of their running match is found in Slack,
 * so the match's intro goes to a conversation of all of them. Their announcement e-mail is left
 * out. Everyone else keeps it: Slack not set up, a member Slack does not know (the intro is then
 * skipped), a lookup that fails right now (an outage, a rate limit), nobody to be matched with,
 * or a match whose intro already failed or was skipped.
 */
export async function toldInSlackOnly(ctx: AppContext, pairingId: number): Promise<Set<string>> {
  const told = new Set<string>();
  if (!slackConfigured(ctx)) return told;
  const found = await runningMatchesOf(ctx, pairingId);
  if (!found) return told;
  const { running, ids } = found;
  const [company, people, notSent] = await Promise.all([
    getChannelSettings(ctx.db),
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        reachBy: users.reachBy,
        isActive: users.isActive,
      })
      .from(users)
      .where(inArray(users.id, ids)),
    introsNotSent(
      ctx,
      running.map((m) => m.id),
    ),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const slackOnly = (id: string) => effectiveReach(byId.get(id)?.reachBy, company) === "slack";
  const inSlack = async (id: string) => {
    const person = byId.get(id);
    if (!person?.isActive) return false;
    return (await slackUserIdOf(ctx, person).catch(() => null)) !== null;
  };
  for (const match of running) {
    const members = memberIds(match);
    if (!members.some(slackOnly) || notSent.has(match.id)) continue;
    let everyone = true;
    for (const id of members) everyone = everyone && (await inSlack(id));
    for (const id of members) {
      const reach = effectiveReach(byId.get(id)?.reachBy, company);
      if (toldInChannelsAlone(reach, "slack", everyone)) told.add(id);
    }
  }
  return told;
}

/** The matches among these whose Slack intro ended without going out. */
async function introsNotSent(ctx: AppContext, matchIds: number[]): Promise<Set<number | null>> {
  if (matchIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ matchId: outgoingMessages.matchId })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.channel, "slack"),
        eq(outgoingMessages.kind, "intro"),
        inArray(outgoingMessages.matchId, matchIds),
        inArray(outgoingMessages.state, ["failed", "skipped"]),
      ),
    );
  return new Set(rows.map((r) => r.matchId));
}
