import { and, eq } from "drizzle-orm";
import type { MatchItem } from "../../shared/matches";
import type { AppContext } from "../context";
import { matches } from "../db/schema";
import { findMemberMatch, toMatchItems } from "./member-matches";
import { lockMemberMatch } from "./open-pairing";

/**
 * Marks the user's match completed; completing it again keeps the first completion time. Like an
 * answer, it is refused with 409 once the match's pairing is completed (open-pairing.ts); so is a match the person is no longer in.
 */
export async function completeMatch(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<MatchItem> {
  await ctx.db.transaction(async (tx) => {
    await lockMemberMatch(tx, userId, matchId);
    await tx
      .update(matches)
      .set({ status: "completed", completedAt: ctx.clock.now() })
      .where(and(eq(matches.id, matchId), eq(matches.status, "active")));
  });
  const updated = await findMemberMatch(ctx, userId, matchId);
  const [item] = await toMatchItems(ctx, userId, [updated]);
  return item;
}
