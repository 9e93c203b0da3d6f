import { and, eq, isNull } from "drizzle-orm";
import type { StillInBody, StillInChoice, StillInView } from "../../shared/check-ins";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import { stillInQuestions, users } from "../db/schema";
import { BadRequest, Conflict, HttpError, NotFound } from "../errors";
import { verifyLinkToken } from "../mail/signed-links";
import { updateParticipation } from "../profile/update-participation";

export const INVALID_STILL_IN_LINK =
  "This link is not valid. Please use the link from your e-mail.";

const confirmations: Record<StillInChoice, string> = {
  stay_in: "Great! You are back in the next coffee chat round.",
  pause: "Your participation is paused for three months. Reactivate any time on your profile.",
  opt_out: "You have opted out and will not be paired any more. You can come back on your profile.",
};

/** What the page shows: the person's first name and the choice already made. Changes nothing. */
export async function stillInView(ctx: AppContext, token: string): Promise<StillInView> {
  const { question, user } = await questionOf(ctx, token);
  return { firstName: user.firstName, choice: question.choice };
}

/**
 * The press on the page: stay in (back in the next round), pause three months, or opt out (as on
 * the profile, profile/update-participation.ts). Each closes the question; it is answered once:
 * the question is claimed by a conditional update before anything changes, so of two presses at
 * once only one acts and the other is told it was already answered. A change that fails gives the
 * claim back.
 */
export async function answerStillIn(ctx: AppContext, body: StillInBody): Promise<StillInView> {
  const { question, user } = await questionOf(ctx, body.token);
  return closeQuestion(ctx, question, user, body.choice);
}

/**
 * A press on the Teams card (teams/answer-from-teams.ts), for the person Teams says pressed it:
 * the same answer as the page's, for their own question only.
 */
export async function answerStillInFromTeams(
  ctx: AppContext,
  press: { userId: string; questionId: number; choice: StillInChoice },
): Promise<StillInView> {
  if (!Number.isInteger(press.questionId) || press.questionId < 1) {
    throw new NotFound(NOT_YOUR_QUESTION);
  }
  const [question] = await ctx.db
    .select()
    .from(stillInQuestions)
    .where(
      and(eq(stillInQuestions.id, press.questionId), eq(stillInQuestions.userId, press.userId)),
    );
  const [user] = await ctx.db.select().from(users).where(eq(users.id, press.userId));
  if (!question || !user?.isActive) throw new NotFound(NOT_YOUR_QUESTION);
  return closeQuestion(ctx, question, user, press.choice);
}

const NOT_YOUR_QUESTION =
  "This question is not yours, or your Teams account is not linked to Cup of Joe any more.";

async function closeQuestion(
  ctx: AppContext,
  question: typeof stillInQuestions.$inferSelect,
  user: typeof users.$inferSelect,
  choice: StillInChoice,
): Promise<StillInView> {
  const body = { choice };
  const [closed] = await ctx.db
    .update(stillInQuestions)
    .set({ choice: body.choice, answeredAt: ctx.clock.now() })
    .where(and(eq(stillInQuestions.id, question.id), isNull(stillInQuestions.answeredAt)))
    .returning();
  if (!closed) {
    throw new Conflict(
      "You have already answered. You can change your participation on your profile.",
      "already_answered",
    );
  }
  try {
    if (body.choice === "pause" && user.participationStatus === "active") {
      await updateParticipation(ctx, user, { action: "pause", months: 3 });
    } else if (body.choice === "opt_out") {
      await updateParticipation(ctx, user, { action: "opt_out" });
    }
  } catch (error) {
    await ctx.db
      .update(stillInQuestions)
      .set({ choice: null, answeredAt: null })
      .where(eq(stillInQuestions.id, question.id));
    throw error;
  }
  return { firstName: user.firstName, choice: closed.choice, message: confirmations[body.choice] };
}

async function questionOf(ctx: AppContext, token: string) {
  const verified = verifyLinkToken(await getAuthSecret(ctx), "still-in", token, ctx.clock.now());
  if (!verified.ok) {
    if (verified.reason === "expired") {
      throw new HttpError(
        410,
        "This link has expired. Sign in and set your participation on your profile, or ask your Cup of Joe admin.",
        "expired_link",
      );
    }
    throw new BadRequest(INVALID_STILL_IN_LINK, "invalid_still_in_link");
  }
  const { userId, id } = verified.claims;
  const [question] = await ctx.db
    .select()
    .from(stillInQuestions)
    .where(and(eq(stillInQuestions.id, id), eq(stillInQuestions.userId, userId)));
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!question || !user) throw new NotFound(INVALID_STILL_IN_LINK);
  return { question, user };
}
