import { z } from "zod";
import { checkInAnswers, type StillInChoice, stillInChoices } from "../../shared/check-in-answers";
import type { AppContext } from "../context";
import { HttpError, NotFound } from "../errors";
import { answeredCard, CHECK_IN_VERB, STILL_IN_VERB } from "../teams/teams-cards";
import {
  personOfTeamsObject,
  personOfTeamsUser,
  rememberConversation,
} from "../teams/teams-people";
import { teamsSettings } from "../teams/teams-settings";
import { verifyBotToken } from "../teams/verify-bot-token";
import { recordCheckInAnswer } from "./answer-check-in";
import { answerStillInFromTeams } from "./answer-still-in";
import { refuseClosedAccount } from "./closed-account";

export const NOT_YOURS_IN_TEAMS =
  "This check-in is not yours, or your Teams account is not linked to Cup of Joe any more.";

/** The parts of an activity the bot reads; anything else is ignored. */
const activitySchema = z.object({
  type: z.string().max(100),
  name: z.string().max(200).optional(),
  serviceUrl: z.string().max(2000).optional(),
  from: z.object({ aadObjectId: z.string().max(100).optional() }).optional(),
  conversation: z
    .object({ id: z.string().max(500), conversationType: z.string().max(50).optional() })
    .optional(),
  channelData: z.object({ tenant: z.object({ id: z.string().max(100) }).optional() }).optional(),
  value: z.unknown().optional(),
});

const actionSchema = z.object({
  action: z.object({
    verb: z.literal(CHECK_IN_VERB),
    data: z.object({
      matchId: z.number().int(),
      answer: z.enum(checkInAnswers),
      question: z.string().max(500).default("Your coffee chat"),
    }),
  }),
});

const stillInSchema = z.object({
  action: z.object({
    verb: z.literal(STILL_IN_VERB),
    data: z.object({
      questionId: z.number().int().min(1).max(2_147_483_647),
      choice: z.enum(stillInChoices),
      question: z.string().max(500).default("Still up for coffee chats?"),
    }),
  }),
});

const cardAnswer = (card: unknown) => ({
  statusCode: 200,
  type: "application/vnd.microsoft.card.adaptive",
  value: card,
});

/**
 * An activity from Teams (docs/chat.md, "Microsoft Teams"): its Bot Framework token verified
 * first (401, nothing read, when it does not hold). A check-in card's action (`adaptiveCard/action`
 * with the check-in verb) records the answer exactly as the check-in page does
 * (recordCheckInAnswer: the pairing's lock, the same answers) and answers the card rewritten to
 * show it, or why it was not taken. An install in personal scope keeps its conversation.
 */
export async function answerFromTeams(
  ctx: AppContext,
  request: { authorization: string | undefined; body: unknown },
): Promise<unknown> {
  const settings = teamsSettings(ctx.config);
  if (!settings) throw new NotFound("Microsoft Teams is not configured on this Cup of Joe.");
  const raw = (request.body ?? {}) as { serviceUrl?: unknown };
  await verifyBotToken(settings, request.authorization, raw.serviceUrl, ctx.clock.now());
  const parsed = activitySchema.safeParse(request.body);
  if (!parsed.success) return {};
  const activity = parsed.data;
  if (activity.channelData?.tenant && activity.channelData.tenant.id !== settings.tenantId) {
    return {};
  }
  const aadObjectId = activity.from?.aadObjectId;
  if (!aadObjectId) return {};
  const personal = activity.conversation?.conversationType === "personal";
  if (
    personal &&
    activity.conversation &&
    (activity.type === "conversationUpdate" || activity.type === "installationUpdate")
  ) {
    await rememberConversation(ctx, aadObjectId, activity.conversation.id);
    return {};
  }
  if (activity.type !== "invoke" || activity.name !== "adaptiveCard/action") return {};
  const stillIn = stillInSchema.safeParse(activity.value);
  if (stillIn.success) return answerStillInCard(ctx, aadObjectId, stillIn.data.action.data);
  const action = actionSchema.safeParse(activity.value);
  if (!action.success) return {};
  const { matchId, answer, question } = action.data.action.data;
  const userId = await personOfTeamsUser(ctx, aadObjectId, matchId);
  return cardAnswer(answeredCard(question, await record(ctx, userId, matchId, answer)));
}

async function record(
  ctx: AppContext,
  userId: string | null,
  matchId: number,
  answer: (typeof checkInAnswers)[number],
): Promise<string> {
  if (!userId) return NOT_YOURS_IN_TEAMS;
  try {
    await refuseClosedAccount(ctx.db, userId);
    const view = await recordCheckInAnswer(ctx, { userId, matchId, answer });
    return view.message ?? "Thank you!";
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return error.message;
    throw error;
  }
}

/** A press on the "still up for coffee chats?" card, by the person it was for. */
async function answerStillInCard(
  ctx: AppContext,
  aadObjectId: string,
  press: { questionId: number; choice: StillInChoice; question: string },
) {
  const userId = await personOfTeamsObject(ctx, aadObjectId);
  let outcome = NOT_YOURS_IN_TEAMS;
  if (userId) {
    try {
      const view = await answerStillInFromTeams(ctx, { userId, ...press });
      outcome = view.message ?? "Thank you!";
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      outcome = error.message;
    }
  }
  return cardAnswer(answeredCard(press.question, outcome));
}
