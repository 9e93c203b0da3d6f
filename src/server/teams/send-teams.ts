import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getAuthSecret } from "../app-secret";
import { organiserTurns } from "../channels/organiser";
import type { AppContext } from "../context";
import { stillInQuestions, users } from "../db/schema";
import { togetherLine } from "../mail/together-line";
import { proposedTimesFor } from "../scheduling/proposed-times-for";
import { effectiveReach, getChannelSettings, wantsTeams } from "../settings/channel-settings";
import { connector, graph, MicrosoftCallError } from "./microsoft-calls";
import {
  answeredCard,
  changeCard,
  checkInCard,
  introCard,
  messageActivity,
  nudgeCard,
  stillInCard,
  type TeamsMessage,
} from "./teams-cards";
import { groupTopic, introMember, runningTeamsMatch, type TeamsMatch } from "./teams-match";
import { catalogAppId, teamsReachOf } from "./teams-people";
import type { TeamsSettings } from "./teams-settings";

/** One Teams message to send, as the delivery queue hands it over (delivery-adapter.ts). */
export interface TeamsJob {
  kind: string;
  matchId: number | null;
  userId: string | null;
  organiserId: string | null;
  payload: Record<string, unknown>;
  /** What an earlier attempt of this message kept (conversations posted to), or null. */
  progress: Record<string, unknown> | null;
  /** Keeps what this attempt learnt, so a retry does not post twice. */
  keep(progress: Record<string, unknown>): Promise<void>;
  /** The intro of a match as it went out (for the nudge), or null. */
  introOf(matchId: number): Promise<Record<string, unknown> | null>;
}

/** What one attempt came to; a refusal from Microsoft is thrown as MicrosoftCallError. */
export type TeamsOutcome =
  | { sent: Record<string, unknown> }
  | { ended: "failed" | "skipped"; error: string; tellByEmail?: boolean };

export const MATCH_ENDED = "The match has ended or changed since this message was queued.";
const NOBODY_IN_TEAMS = "Nobody of this match could be reached in Teams, so it is told by e-mail.";

const progressSchema = z.object({
  sentTo: z.array(z.string()).max(4).default([]),
  conversations: z.record(z.string(), z.string()).default({}),
  chatId: z.string().optional(),
  /** Who is in the group chat (the members Teams reaches), by user id. */
  chatMembers: z.array(z.string()).max(4).optional(),
  /** Why a member of the match is not in it (for the admin's send log). */
  notReached: z.record(z.string(), z.string().max(500)).optional(),
  installed: z.boolean().optional(),
});

/** Sends one Teams message by kind (docs/chat.md, "Microsoft Teams"). */
export async function sendTeams(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
): Promise<TeamsOutcome> {
  if (job.kind === "change") return sendChange(ctx, settings, job);
  if (job.kind === "check_in_update") return replaceCheckIn(settings, job);
  if (job.kind === "still_in") return sendStillIn(ctx, settings, job);
  const match = await runningTeamsMatch(ctx, job.matchId);
  if (!match) return { ended: "skipped", error: MATCH_ENDED };
  if (job.kind === "intro") {
    return match.members.length === 2
      ? sendPairIntro(ctx, settings, job, match)
      : sendGroupIntro(ctx, settings, job, match);
  }
  if (job.kind === "check_in") return sendCheckIn(ctx, settings, job, match);
  if (job.kind === "nudge") return sendNudge(ctx, settings, job, match);
  return { ended: "failed", error: `No Teams message of kind ${job.kind}.` };
}

const post = async (settings: TeamsSettings, conversationId: string, message: TeamsMessage) => {
  const answer = (await connector(
    settings,
    `/v3/conversations/${encodeURIComponent(conversationId)}/activities`,
    messageActivity(message),
  )) as { id?: unknown } | null;
  return typeof answer?.id === "string" ? answer.id : null;
};

async function introContent(ctx: AppContext, job: TeamsJob, match: TeamsMatch) {
  const ids = match.members.map((m) => m.id);
  const organiserId =
    job.organiserId && ids.includes(job.organiserId)
      ? job.organiserId
      : (await organiserTurns(ctx.db, ids, match.month)).pick(ids);
  const secret = await getAuthSecret(ctx);
  const starter = typeof job.payload.starter === "string" ? job.payload.starter : "";
  const named = match.members.map((m) => introMember(ctx.config.appUrl, m));
  const organiser = named[ids.indexOf(organiserId)];
  const together = await togetherLine(ctx, ids);
  return { organiserId, secret, starter, named, organiser, together };
}

/**
 * A pair: one card each in their 1:1 chat with the bot, naming the partner, for every member who
 * chose Teams and whom Teams reaches; who was posted to is kept, so a retry posts to the rest.
 */
async function sendPairIntro(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
  match: TeamsMatch,
): Promise<TeamsOutcome> {
  const company = await getChannelSettings(ctx.db);
  const content = await introContent(ctx, job, match);
  const progress = progressSchema.parse(job.progress ?? {});
  const notReached: Record<string, string> = {};
  for (const reader of match.members) {
    if (!wantsTeams(effectiveReach(reader.reachBy, company))) continue;
    if (progress.sentTo.includes(reader.id)) continue;
    const reach = await teamsReachOf(ctx, settings, reader);
    if ("notReached" in reach) {
      notReached[reader.id] = reach.notReached;
      continue;
    }
    const proposed = await proposedTimesFor(ctx, content.secret, match.match.id, reader.id);
    const message = introCard({
      month: match.month,
      named: content.named.filter((m) => m.userId !== reader.id),
      organiser: content.organiser,
      forOrganiser: reader.id === content.organiserId,
      starter: content.starter,
      appUrl: ctx.config.appUrl,
      times: proposed?.times ?? [],
      group: false,
      together: content.together,
    });
    await post(settings, reach.conversationId, message);
    progress.sentTo.push(reader.id);
    progress.conversations[reader.id] = reach.conversationId;
    await job.keep(progress);
  }
  if (progress.sentTo.length === 0) {
    return { ended: "skipped", error: NOBODY_IN_TEAMS, tellByEmail: true };
  }
  return { sent: { ...progress, organiserId: content.organiserId, notReached } };
}

/**
 * A trio or four: one group chat made through Graph (`POST /chats`) of every member who is a
 * Microsoft 365 user of the organisation, the app installed in it, and one card there naming
 * everyone. A member Teams cannot reach is left out of the chat and gets the e-mail (their
 * announcement e-mail was not held back: toldInTeamsOnly); the card says so, and why is kept for
 * the admin. Fewer than two in Teams: no chat, the one reached gets the card in their 1:1 chat.
 * The chat made is kept before anything is posted, so a retry never makes a second one.
 */
async function sendGroupIntro(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
  match: TeamsMatch,
): Promise<TeamsOutcome> {
  const progress = progressSchema.parse(job.progress ?? {});
  const content = await introContent(ctx, job, match);
  const notReached: Record<string, string> = {};
  if (!progress.chatId) {
    const inTeams: Array<{ id: string; aadObjectId: string }> = [];
    for (const member of match.members) {
      const reach = await teamsReachOf(ctx, settings, member);
      if (reach.aadObjectId) inTeams.push({ id: member.id, aadObjectId: reach.aadObjectId });
      else if ("notReached" in reach) notReached[member.id] = reach.notReached;
    }
    if (inTeams.length < 2) return sendPairIntro(ctx, settings, job, match);
    const chat = (await graph(settings, "POST", "/chats", {
      chatType: "group",
      topic: groupTopic(match.members),
      members: inTeams.map(({ aadObjectId }) => ({
        "@odata.type": "#microsoft.graph.aadUserConversationMember",
        roles: ["owner"],
        "user@odata.bind": `${settings.graphUrl}/v1.0/users('${aadObjectId}')`,
      })),
    })) as { id?: unknown } | null;
    if (typeof chat?.id !== "string") return { ended: "failed", error: "Graph made no chat." };
    progress.chatId = chat.id;
    progress.chatMembers = inTeams.map((m) => m.id);
    progress.notReached = notReached;
    await job.keep(progress);
  }
  if (!progress.installed) {
    await installInChat(settings, progress.chatId);
    progress.installed = true;
    await job.keep(progress);
  }
  const proposed = await proposedTimesFor(ctx, content.secret, match.match.id, content.organiserId);
  const inChannels = new Set(progress.chatMembers ?? match.members.map((m) => m.id));
  const message = introCard({
    month: match.month,
    named: content.named,
    organiser: content.organiser,
    forOrganiser: false,
    starter: content.starter,
    appUrl: ctx.config.appUrl,
    times: proposed?.times ?? [],
    group: true,
    together: content.together,
    byEmail: content.named.filter((m) => !inChannels.has(m.userId)).map((m) => m.name),
  });
  await post(settings, progress.chatId, message);
  return {
    sent: {
      chatId: progress.chatId,
      chatMembers: [...inChannels],
      notReached: progress.notReached ?? {},
      organiserId: content.organiserId,
    },
  };
}

async function installInChat(settings: TeamsSettings, chatId: string) {
  const appId = await catalogAppId(settings);
  if (!appId) {
    throw new MicrosoftCallError(
      "The Cup of Joe app is not in the organisation's Teams app catalogue: upload the app package.",
      404,
    );
  }
  try {
    await graph(settings, "POST", `/chats/${encodeURIComponent(chatId)}/installedApps`, {
      "teamsApp@odata.bind": `${settings.graphUrl}/v1.0/appCatalogs/teamsApps/${appId}`,
    });
  } catch (error) {
    if (!(error instanceof MicrosoftCallError) || error.status !== 409) throw error;
  }
}

async function sendCheckIn(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
  match: TeamsMatch,
): Promise<TeamsOutcome> {
  const me = match.match.members.find((m) => m.userId === job.userId);
  const person = match.members.find((m) => m.id === job.userId);
  if (!me || !person) return { ended: "skipped", error: MATCH_ENDED };
  if (me.answer !== null)
    return { ended: "skipped", error: "Answered before the message went out." };
  const reach = await teamsReachOf(ctx, settings, person);
  if ("notReached" in reach) return { ended: "skipped", error: reach.notReached };
  const message = checkInCard({
    month: match.month,
    partnerNames: match.members
      .filter((m) => m.id !== person.id)
      .map((m) => introMember(ctx.config.appUrl, m).name),
    matchId: match.match.id,
  });
  const activityId = await post(settings, reach.conversationId, message);
  return { sent: { conversationId: reach.conversationId, activityId } };
}

/**
 * The nudge (docs/chat.md, "The nudge"): a group's in its chat while the match's people are the
 * chat's; a pair's in the organiser's 1:1 chat. Nobody answered yet, read again now.
 */
async function sendNudge(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
  match: TeamsMatch,
): Promise<TeamsOutcome> {
  if (match.match.members.some((m) => m.answer !== null)) {
    return { ended: "skipped", error: "Someone answered before the nudge went out." };
  }
  const intro = progressSchema
    .extend({ organiserId: z.string().optional() })
    .safeParse((await job.introOf(match.match.id)) ?? {});
  const ids = match.members.map((m) => m.id);
  const organiserId =
    job.userId && ids.includes(job.userId)
      ? job.userId
      : (await organiserTurns(ctx.db, ids, match.month)).pick(ids);
  const organiser = match.members[ids.indexOf(organiserId)];
  const chatId = intro.success && ids.length > 2 ? intro.data.chatId : undefined;
  let conversationId = chatId;
  if (!conversationId) {
    const reach = await teamsReachOf(ctx, settings, organiser);
    if ("notReached" in reach) return { ended: "skipped", error: reach.notReached };
    conversationId = reach.conversationId;
  }
  const message = nudgeCard({
    organiserName: introMember(ctx.config.appUrl, organiser).name,
    appUrl: ctx.config.appUrl,
  });
  await post(settings, conversationId, message);
  return { sent: { conversationId } };
}

const updateSchema = z.object({
  conversationId: z.string().min(1).max(500),
  activityId: z.string().min(1).max(500),
  question: z.string().max(500),
  message: z.string().max(1000),
});

/**
 * A check-in card answered elsewhere (the page, the e-mail's link), replaced in place by the
 * Bot Connector (`PUT /v3/conversations/{id}/activities/{activityId}`) with one that shows the
 * answer and has no buttons (show-answer-in-teams.ts).
 */
async function replaceCheckIn(settings: TeamsSettings, job: TeamsJob): Promise<TeamsOutcome> {
  const update = updateSchema.safeParse(job.payload);
  if (!update.success) return { ended: "failed", error: "The card update is malformed." };
  const { conversationId, activityId, question, message } = update.data;
  await connector(
    settings,
    `/v3/conversations/${encodeURIComponent(conversationId)}/activities/${encodeURIComponent(activityId)}`,
    {
      ...messageActivity({ text: question, card: answeredCard(question, message) }),
      id: activityId,
    },
    "PUT",
  );
  return { sent: { conversationId, activityId } };
}

const changeSchema = z.object({
  /** Said in a match's group chat rather than a person's 1:1 chat. */
  chatId: z.string().min(1).max(500).optional(),
  title: z.string().max(300),
  lines: z.array(z.string().max(2000)).max(10),
  action: z.object({ url: z.string().max(2000), label: z.string().max(100) }).optional(),
});

/**
 * A change to a told match (queue-change-notes.ts), in the match's group chat or the person's
 * 1:1 chat with the bot. It goes even when the match is no longer running: it may say exactly that.
 */
async function sendChange(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
): Promise<TeamsOutcome> {
  const change = changeSchema.safeParse(job.payload);
  if (!change.success) return { ended: "failed", error: "The change message is malformed." };
  const { chatId, ...words } = change.data;
  if (!chatId) return sendPersonal(ctx, settings, job.userId, changeCard(words));
  await post(settings, chatId, changeCard(words));
  return { sent: { conversationId: chatId } };
}

/** The "still up for coffee chats?" card, while the question is open. */
async function sendStillIn(
  ctx: AppContext,
  settings: TeamsSettings,
  job: TeamsJob,
): Promise<TeamsOutcome> {
  const questionId = z.number().int().positive().safeParse(job.payload.questionId);
  if (!questionId.success) return { ended: "failed", error: "The question is malformed." };
  const [open] = await ctx.db
    .select({ id: stillInQuestions.id })
    .from(stillInQuestions)
    .where(and(eq(stillInQuestions.id, questionId.data), isNull(stillInQuestions.answeredAt)));
  if (!open) return { ended: "skipped", error: "Answered before the message went out." };
  return sendPersonal(ctx, settings, job.userId, stillInCard(questionId.data));
}

/**
 * One card in the 1:1 chat with the bot of a person who chose Teams (read now), whatever their
 * match is now.
 */
async function sendPersonal(
  ctx: AppContext,
  settings: TeamsSettings,
  userId: string | null,
  message: TeamsMessage,
): Promise<TeamsOutcome> {
  const [person] = userId
    ? await ctx.db
        .select({
          id: users.id,
          email: users.email,
          isActive: users.isActive,
          reachBy: users.reachBy,
        })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  if (!person?.isActive) return { ended: "skipped", error: "The person is no longer active." };
  if (!wantsTeams(effectiveReach(person.reachBy, await getChannelSettings(ctx.db)))) {
    return { ended: "skipped", error: "The person chose to be reached by e-mail." };
  }
  const reach = await teamsReachOf(ctx, settings, person);
  if ("notReached" in reach) return { ended: "skipped", error: reach.notReached };
  await post(settings, reach.conversationId, message);
  return { sent: { conversationId: reach.conversationId } };
}
