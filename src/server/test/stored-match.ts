import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { matches } from "../db/schema";
import { type MatchWithMembers, withMembers } from "../match-members/match-members";

/** A match as stored, with its members and their answers (for tests to check what was written). */
export async function storedMatch(db: Db, matchId: number): Promise<MatchWithMembers> {
  const [match] = await withMembers(
    db,
    await db.select().from(matches).where(eq(matches.id, matchId)),
  );
  return match;
}

/** The members' answers of a stored match, in member order. */
export async function storedAnswers(db: Db, matchId: number) {
  return (await storedMatch(db, matchId)).members.map((m) => m.connectionStatus);
}
