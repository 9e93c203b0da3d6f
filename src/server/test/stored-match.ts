import { eq } from "drizzle-orm";
import { chatHappened } from "../../shared/chat-happened";
import type { Db } from "../db/client";
import { matches } from "../db/schema";
import { chatAnswersOf, type MatchWithMembers, withMembers } from "../match-members/match-members";

/** A match as stored, with its members and their answers (for tests to check what was written). */
export async function storedMatch(db: Db, matchId: number): Promise<MatchWithMembers> {
  const [match] = await withMembers(
    db,
    await db.select().from(matches).where(eq(matches.id, matchId)),
  );
  return match;
}

/** The members' stored answers of a match (null: none yet), in member order. */
export async function storedAnswers(db: Db, matchId: number) {
  return (await storedMatch(db, matchId)).members.map((m) => m.answer);
}

/** Whether the stored match's chat happened, by the one definition (docs/matches.md). */
export async function storedChatHappened(db: Db, matchId: number): Promise<boolean> {
  return chatHappened(chatAnswersOf(await storedMatch(db, matchId)));
}
