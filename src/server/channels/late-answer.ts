import { eq } from "drizzle-orm";
import { checkInConfirmations } from "../../shared/check-in-answers";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import { matches } from "../db/schema";
import { withMembers } from "../match-members/match-members";
import { peopleInOrder } from "../people-rows/read-people";

/** What a check-in already posted in a chat shows once its person answered. */
export interface ShownAnswer {
  userId: string;
  matchId: number;
  partners: string[];
  message: string;
}

/**
 * The answer a person gave while their chat check-in was being posted (docs/chat.md, "The
 * check-in"), for the channel to show in it once it is recorded sent, so no buttons stay live;
 * null when they have not answered or the match is gone.
 */
export async function lateAnswerOf(
  ctx: AppContext,
  question: { matchId: number | null; userId: string | null },
): Promise<ShownAnswer | null> {
  const { matchId, userId } = question;
  if (matchId === null || !userId) return null;
  const [match] = await withMembers(
    ctx.db,
    await ctx.db.select().from(matches).where(eq(matches.id, matchId)),
  );
  const answer = match?.members.find((m) => m.userId === userId)?.answer;
  if (!match || !answer) return null;
  const others = match.members.map((m) => m.userId).filter((id) => id !== userId);
  const partners = (await peopleInOrder(ctx.db, others)).map(personName);
  return { userId, matchId: match.id, partners, message: checkInConfirmations[answer] };
}
