import type { WebClient } from "@slack/web-api";
import { eq } from "drizzle-orm";
import { personName } from "../../shared/person-name";
import { getAuthSecret } from "../app-secret";
import { organiserTurns } from "../channels/organiser";
import { runningMatch } from "../channels/running-matches";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, outgoingMessages, users } from "../db/schema";
import { togetherLine } from "../mail/together-line";
import type { SendOutcome } from "../outbox/channels";
import { slackCheckInUpdateData, slackIntroData, slackIntroKey } from "../outbox/kinds/slack-kinds";
import { personColumns, readPeople } from "../people-rows/read-people";
import { proposedTimesFor } from "../scheduling/proposed-times-for";
import { slackErrorOutcome } from "./outcome";
import { slackClient } from "./slack-client";
import { type Conversation, conversationOf, recordedConversation } from "./slack-conversation";
import {
  checkInMessage,
  type IntroMember,
  introMessage,
  nudgeMessage,
  type SlackMessage,
} from "./slack-messages";
import { slackUserIdOf } from "./slack-people";

/**
 * One Slack delivery, by kind (docs/chat.md): the intro opens the match's conversation
 * (`conversations.open` with exactly its members) and posts there; the check-in opens the
 * person's direct message and posts the question; the nudge posts in the intro's conversation;
 * an update rewrites a pressed check-in message (`chat.update`). Each reads the match as it is
 * now: a match that ended, or whose people Slack does not know, is skipped (they have e-mail).
 */
export async function sendSlackMessage(
  ctx: AppContext,
  row: OutgoingMessageRow,
): Promise<SendOutcome> {
  const client = await slackClient(ctx);
  if (!client) return { kind: "ended", state: "skipped", error: "Slack is not configured." };
  try {
    if (row.kind === "intro") return await sendIntro(ctx, client, row);
    if (row.kind === "check_in") return await sendCheckIn(ctx, client, row);
    if (row.kind === "nudge") return await sendNudge(ctx, client, row);
    if (row.kind === "check_in_update") {
      const update = slackCheckInUpdateData.safeParse(row.data);
      if (!update.success) return malformed(row);
      const { channel, ts, message } = update.data;
      await client.chat.update({ channel, ts, text: message.text, blocks: message.blocks });
      return { kind: "sent", result: { channel, ts } };
    }
    return { kind: "ended", state: "failed", error: `No Slack message of kind ${row.kind}.` };
  } catch (error) {
    return slackErrorOutcome(error);
  }
}

/** A row whose payload is not its kind's (outbox/kinds/slack-kinds.ts): it fails, unsent. */
const malformed = (row: OutgoingMessageRow): SendOutcome => ({
  kind: "ended",
  state: "failed",
  error: `Its payload is not a Slack ${row.kind}'s.`,
});

async function introMembers(ctx: AppContext, ids: string[]): Promise<IntroMember[] | null> {
  const people = await readPeople(ctx.db, ids, {
    ...personColumns,
    department: users.department,
    isActive: users.isActive,
  });
  const members: IntroMember[] = [];
  for (const id of ids) {
    const person = people.find((p) => p.id === id);
    if (!person?.isActive) return null;
    const slackUserId = await slackUserIdOf(ctx, person);
    if (!slackUserId) return null;
    members.push({ slackUserId, name: personName(person), department: person.department });
  }
  return members;
}

/**
 * Posts a message in a conversation; the channel and timestamp are kept for a later update, and
 * whom the conversation was opened with, for a later message to the same people (the nudge).
 */
async function post(
  client: WebClient,
  conversation: Conversation,
  message: SlackMessage,
): Promise<SendOutcome> {
  const { channel, people } = conversation;
  const posted = await client.chat.postMessage({
    channel,
    text: message.text,
    blocks: message.blocks,
  });
  return { kind: "sent", result: { channel, ts: posted.ts ?? null, people } };
}

const NOT_ALL_IN_SLACK =
  "Not every member could be found in Slack, so this match is told by e-mail only.";
const MATCH_ENDED = "The match has ended or changed since this message was queued.";

async function sendIntro(
  ctx: AppContext,
  client: WebClient,
  row: OutgoingMessageRow,
): Promise<SendOutcome> {
  const match = await runningMatch(ctx, row.matchId);
  if (!match) return { kind: "ended", state: "skipped", error: MATCH_ENDED };
  const ids = match.members.map((m) => m.userId);
  const members = await introMembers(ctx, ids);
  if (!members) {
    return { kind: "ended", state: "skipped", error: NOT_ALL_IN_SLACK, tellByEmail: true };
  }
  const organiserId = await currentOrganiser(ctx, ids, row.organiserId, match.month);
  const conversation = await conversationOf(
    ctx,
    client,
    row,
    members.map((m) => m.slackUserId),
  );
  const data = slackIntroData.safeParse(row.data);
  if (!data.success) return malformed(row);
  const { starter } = data.data;
  // The links name the organiser the intro asks to book (docs/scheduling.md, "In Slack").
  const proposed = await proposedTimesFor(ctx, await getAuthSecret(ctx), match.id, organiserId);
  const message = introMessage({
    month: match.month,
    members,
    organiser: members[ids.indexOf(organiserId)],
    starter,
    appUrl: ctx.config.appUrl,
    times: proposed?.times ?? [],
    together: await togetherLine(ctx, ids),
  });
  return await post(client, conversation, message);
}

/**
 * The organiser named when an intro or nudge is sent: the one chosen when it was queued while they
 * are still in the match, else the member whose turn it is now (organiser.ts).
 */
async function currentOrganiser(
  ctx: AppContext,
  ids: string[],
  chosen: string | null,
  month: string,
): Promise<string> {
  if (chosen && ids.includes(chosen)) return chosen;
  return (await organiserTurns(ctx.db, ids, month)).pick(ids);
}

async function sendCheckIn(
  ctx: AppContext,
  client: WebClient,
  row: OutgoingMessageRow,
): Promise<SendOutcome> {
  const match = await runningMatch(ctx, row.matchId);
  const me = match?.members.find((m) => m.userId === row.userId);
  if (!match || !me) return { kind: "ended", state: "skipped", error: MATCH_ENDED };
  if (me.answer !== null) {
    return { kind: "ended", state: "skipped", error: "Answered before the message went out." };
  }
  const people = await readPeople(
    ctx.db,
    match.members.map((m) => m.userId),
  );
  const person = people.find((p) => p.id === row.userId);
  const slackUserId = person ? await slackUserIdOf(ctx, person) : null;
  if (!slackUserId) return { kind: "ended", state: "skipped", error: NOT_ALL_IN_SLACK };
  const partnerNames = match.members
    .filter((m) => m.userId !== row.userId)
    .flatMap((m) => people.filter((p) => p.id === m.userId).map(personName));
  const conversation = await conversationOf(ctx, client, row, [slackUserId]);
  const message = checkInMessage({ month: match.month, partnerNames, matchId: match.id });
  return await post(client, conversation, message);
}

/**
 * The nudge goes to the match as it is now: in the intro's conversation while its people are the
 * match's, else in a conversation of the members now in it, addressed to the organiser if they are
 * still a member, else to whoever's turn it is.
 */
async function sendNudge(
  ctx: AppContext,
  client: WebClient,
  row: OutgoingMessageRow,
): Promise<SendOutcome> {
  const match = await runningMatch(ctx, row.matchId);
  if (!match) return { kind: "ended", state: "skipped", error: MATCH_ENDED };
  if (match.members.some((m) => m.answer !== null)) {
    return {
      kind: "ended",
      state: "skipped",
      error: "Someone answered before the nudge went out.",
    };
  }
  const ids = match.members.map((m) => m.userId);
  const members = await introMembers(ctx, ids);
  if (!members) return { kind: "ended", state: "skipped", error: NOT_ALL_IN_SLACK };
  const [intro] = await ctx.db
    .select({ result: outgoingMessages.result })
    .from(outgoingMessages)
    .where(eq(outgoingMessages.onceKey, slackIntroKey(match.id)));
  const conversation = await conversationOf(
    ctx,
    client,
    row,
    members.map((m) => m.slackUserId),
    recordedConversation(intro?.result),
  );
  const organiserId = await currentOrganiser(ctx, ids, row.userId, match.month);
  const organiserSlackId = members[ids.indexOf(organiserId)].slackUserId;
  const message = nudgeMessage({ organiserSlackId, appUrl: ctx.config.appUrl });
  return await post(client, conversation, message);
}
