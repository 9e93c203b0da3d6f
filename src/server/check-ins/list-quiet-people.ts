import { asc, eq, isNull } from "drizzle-orm";
import { type QuietPeopleResponse, quietReason } from "../../shared/check-ins";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import { stillInQuestions, users } from "../db/schema";

/** Everyone left out of the rounds until they answer "Still up for coffee chats?", longest first. */
export async function listQuietPeople(ctx: AppContext): Promise<QuietPeopleResponse> {
  const rows = await ctx.db
    .select({ question: stillInQuestions, user: users })
    .from(stillInQuestions)
    .innerJoin(users, eq(users.id, stillInQuestions.userId))
    .where(isNull(stillInQuestions.answeredAt))
    .orderBy(asc(stillInQuestions.askedAt), asc(users.email));
  return {
    people: rows.map(({ question, user }) => ({
      userId: user.id,
      name: personName(user),
      email: user.email,
      since: question.askedAt.toISOString(),
      silentMonths: question.silentMonths,
      reason: quietReason(question.silentMonths),
    })),
  };
}
