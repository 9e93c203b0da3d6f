import { z } from "zod";
import { type CheckInAnswer, checkInAnswers } from "../../shared/check-in-answers";
import type { AppContext } from "../context";
import { BadRequest, HttpError, NotFound } from "../errors";
import { slackCheckInUpdate } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";
import { answeredMessage, CHECK_IN_ACTIONS } from "../slack/slack-messages";
import { personOfSlackUser } from "../slack/slack-people";
import { type SignedSlackRequest, verifySlackSignature } from "../slack/slack-signature";
import { recordCheckInAnswer } from "./answer-check-in";
import { refuseClosedAccount } from "./closed-account";

export const BAD_SLACK_SIGNATURE =
  "This request is not signed by Slack with this app's signing secret, or its timestamp is more than five minutes old.";
export const NOT_A_MEMBER =
  "This check-in is not yours, or your Slack account is not linked to Cup of Joe any more.";

/** The parts of Slack's `block_actions` payload a check-in press uses. */
const blockActions = z.object({
  type: z.literal("block_actions"),
  user: z.object({ id: z.string() }),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        value: z.string().optional(),
        action_ts: z.string().optional(),
      }),
    )
    .min(1),
  container: z
    .object({ channel_id: z.string().optional(), message_ts: z.string().optional() })
    .optional(),
  channel: z.object({ id: z.string() }).optional(),
  message: z.object({ ts: z.string().optional(), text: z.string().optional() }).optional(),
});

const answerOfAction = new Map(
  checkInAnswers.map((answer) => [CHECK_IN_ACTIONS[answer], answer] as [string, CheckInAnswer]),
);

/**
 * A button press in Slack (docs/chat.md, "Interactivity"): verified by Slack's signature first
 * (401 and nothing recorded when it does not hold), then the answer is recorded exactly as the
 * check-in page records it (recordCheckInAnswer: the pairing's lock, the same answers), and the
 * message is rewritten, through the ledger, to show the answer or why it was not taken.
 */
export async function answerFromSlack(ctx: AppContext, request: SignedSlackRequest): Promise<void> {
  const secret = ctx.config.SLACK_SIGNING_SECRET;
  if (!secret) throw new NotFound("Slack is not configured on this Cup of Joe.");
  if (!verifySlackSignature(secret, request, ctx.clock.now())) {
    throw new HttpError(401, BAD_SLACK_SIGNATURE, "bad_slack_signature");
  }
  const raw = new URLSearchParams(request.body).get("payload");
  let parsed: z.infer<typeof blockActions>;
  try {
    parsed = blockActions.parse(JSON.parse(raw ?? ""));
  } catch {
    throw new BadRequest("Expected a block_actions payload from Slack.", "bad_slack_payload");
  }
  const action = parsed.actions[0];
  const answer = answerOfAction.get(action.action_id);
  if (!answer) return; // the schedule link button: nothing to record
  const userId = await personOfSlackUser(ctx, parsed.user.id, Number(action.value));
  const outcome = await record(ctx, userId, Number(action.value), answer);
  const channel = parsed.container?.channel_id ?? parsed.channel?.id;
  const ts = parsed.container?.message_ts ?? parsed.message?.ts;
  if (!channel || !ts) return;
  const question = (parsed.message?.text ?? "Your coffee chat").replace(/ \([^)]*\)$/, "");
  const occasion = action.action_ts ?? String(ctx.clock.now().getTime());
  await queue(ctx, ctx.db, slackCheckInUpdate, [{ userId, occasion }], {
    channel,
    ts,
    message: answeredMessage(question, outcome),
  });
}

/** The answer recorded, or the kind sentence of why not (a match that changed, a closed month). */
async function record(
  ctx: AppContext,
  userId: string | null,
  matchId: number,
  answer: CheckInAnswer,
): Promise<string> {
  if (!userId || !Number.isSafeInteger(matchId)) return NOT_A_MEMBER;
  try {
    await refuseClosedAccount(ctx.db, userId);
    const view = await recordCheckInAnswer(ctx, { userId, matchId, answer });
    return view.message ?? "Thank you!";
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return error.message;
    throw error;
  }
}
