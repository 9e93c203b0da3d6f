import { eq, inArray } from "drizzle-orm";
import { organiserTurns } from "../channels/organiser";
import { runningMatchesOf } from "../channels/running-matches";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { memberIds } from "../match-members/match-members";
import {
  checkInKey,
  introKey,
  nudgeKey,
  teamsCheckIn,
  teamsIntro,
  teamsNudge,
} from "../outbox/kinds/teams-kinds";
import { queue } from "../outbox/queue";
import {
  effectiveReach,
  getChannelSettings,
  toldInChannelsAlone,
  wantsTeams,
} from "../settings/channel-settings";
import { teamsReachOf } from "./teams-people";
import { deliveryOf, introsSentBefore, queuedKeys } from "./teams-rows";
import { teamsSettings } from "./teams-settings";

/** How long after the intro a silent match is nudged (as in Slack). */
const NUDGE_AFTER_DAYS = 4;

async function reachByIds(ctx: AppContext, ids: string[]) {
  const [company, people] = await Promise.all([
    getChannelSettings(ctx.db),
    ids.length === 0
      ? []
      : ctx.db
          .select({
            id: users.id,
            email: users.email,
            reachBy: users.reachBy,
            isActive: users.isActive,
          })
          .from(users)
          .where(inArray(users.id, ids)),
  ]);
  return new Map(people.map((p) => [p.id, { ...p, reach: effectiveReach(p.reachBy, company) }]));
}

/**
 * One Teams intro per running match of the pairing with a member who chose Teams (docs/chat.md,
 * "Microsoft Teams"), keyed by the match, so a publish run again queues nothing twice.
 */
export async function queueTeamsIntros(
  ctx: AppContext,
  pairingId: number,
  starters: readonly string[],
): Promise<number> {
  if (!teamsSettings(ctx.config) || starters.length === 0) return 0;
  const found = await runningMatchesOf(ctx, pairingId);
  if (!found) return 0;
  const { pairing, running, ids } = found;
  const people = await reachByIds(ctx, ids);
  const turns = await organiserTurns(ctx.db, ids, pairing.month);
  const intros = running.flatMap((match) => {
    const members = memberIds(match);
    if (!members.some((id) => people.get(id)?.reach === "teams")) return [];
    return [{ matchId: match.id, organiserId: turns.pick(members) }];
  });
  return queue(ctx, ctx.db, teamsIntro, intros, ({ matchId }) => ({
    pairingId: pairing.id,
    month: pairing.month,
    starter: starters[matchId % starters.length],
  }));
}

/**
 * The members told of their match in Teams alone, so their announcement e-mail is left out
 * (the one rule of both chats, `toldInChannelsAlone`): they chose Teams and Teams reaches them now
 * (a trio or four: they are a Microsoft 365 user and so is at least one other member, for the
 * group chat). Everyone else keeps the e-mail, as with Slack.
 */
export async function toldInTeamsOnly(ctx: AppContext, pairingId: number): Promise<Set<string>> {
  const told = new Set<string>();
  const settings = teamsSettings(ctx.config);
  if (!settings) return told;
  const found = await runningMatchesOf(ctx, pairingId);
  if (!found) return told;
  const people = await reachByIds(ctx, found.ids);
  const reachOf = async (id: string) => {
    const person = people.get(id);
    if (!person?.isActive) return null;
    return teamsReachOf(ctx, settings, person).catch(() => null);
  };
  for (const match of found.running) {
    const members = memberIds(match);
    const wanting = members.filter((id) => people.get(id)?.reach === "teams");
    if (wanting.length === 0) continue;
    const intro = await deliveryOf(ctx, introKey(match.id));
    if (intro && (intro.state === "failed" || intro.state === "skipped")) continue;
    if (members.length === 2) {
      for (const id of wanting) {
        const reach = await reachOf(id);
        if (reach && "conversationId" in reach) told.add(id);
      }
      continue;
    }
    const reaches = new Map<string, Awaited<ReturnType<typeof reachOf>>>();
    for (const id of members) reaches.set(id, await reachOf(id));
    const inChannels = members.filter((id) => reaches.get(id)?.aadObjectId);
    for (const id of wanting) {
      const reach = reaches.get(id);
      const inTeams =
        inChannels.length >= 2
          ? inChannels.includes(id)
          : Boolean(reach && "conversationId" in reach);
      if (toldInChannelsAlone(people.get(id)?.reach ?? "email", "teams", inTeams)) told.add(id);
    }
  }
  return told;
}

/**
 * The check-in question in Teams for a member who chose Teams and whom Teams reaches: queued as a
 * card with the three answers. Says whether the e-mail still goes (Teams cannot reach them).
 */
export async function askCheckInInTeams(
  ctx: AppContext,
  question: { pairingId: number; matchId: number; userId: string },
): Promise<"channels-only" | "channels-and-email" | "email-only"> {
  const settings = teamsSettings(ctx.config);
  if (!settings) return "email-only";
  const person = (await reachByIds(ctx, [question.userId])).get(question.userId);
  if (!person || !wantsTeams(person.reach)) return "email-only";
  const reach = await teamsReachOf(ctx, settings, person).catch(() => null);
  if (!reach || !("conversationId" in reach)) return "email-only";
  await queue(ctx, ctx.db, teamsCheckIn, [{ matchId: question.matchId, userId: question.userId }], {
    pairingId: question.pairingId,
  });
  return toldInChannelsAlone(person.reach, "teams", true) ? "channels-only" : "channels-and-email";
}

/** Whether the person's question went to Teams (so the e-mail reminder leaves them be). */
export async function askedInTeamsOnly(
  ctx: AppContext,
  question: { pairingId: number; userId: string },
): Promise<boolean> {
  const row = await deliveryOf(ctx, checkInKey(question.pairingId, question.userId));
  if (!row || row.state === "skipped" || row.state === "failed") return false;
  const [person] = await ctx.db
    .select({ reachBy: users.reachBy })
    .from(users)
    .where(eq(users.id, question.userId));
  const reach = effectiveReach(person?.reachBy, await getChannelSettings(ctx.db));
  return toldInChannelsAlone(reach, "teams", true);
}

/** The one nudge of each match whose Teams intro went out NUDGE_AFTER_DAYS ago. */
export async function queueDueTeamsNudges(ctx: AppContext): Promise<number> {
  if (!teamsSettings(ctx.config)) return 0;
  const before = new Date(ctx.clock.now().getTime() - NUDGE_AFTER_DAYS * 86_400_000);
  const intros = await introsSentBefore(ctx, before);
  const done = await queuedKeys(
    ctx,
    intros.map((i) => nudgeKey(i.matchId)),
  );
  const due = intros.filter((i) => !done.has(nudgeKey(i.matchId)));
  return queue(
    ctx,
    ctx.db,
    teamsNudge,
    due.map((i) => ({ matchId: i.matchId, userId: i.organiserId })),
    {},
  );
}
