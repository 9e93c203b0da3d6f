import { answerOfMatchesPage } from "../../shared/check-in-answers";
import type { ConnectionStatusBody, MatchItem } from "../../shared/matches";
import type { AppContext } from "../context";
import { setMemberAnswer } from "../match-members/match-members";
import { findMemberMatch, toMatchItems } from "./member-matches";
import { lockMemberMatch } from "./open-pairing";

/**
 * Records whether the caller met their match, on the caller's own side only: the spec's
 * `confirmed` stores the answer Met, `not_confirmed` Skip (docs/check-ins.md, "Answers"). The
 * answer may be changed (Met ↔ Missed) while the match's pairing runs; once it is completed, 409
 * (see open-pairing.ts for how this meets a concurrent Complete).
 */
export async function setConnectionStatus(
  ctx: AppContext,
  userId: string,
  matchId: number,
  { status }: ConnectionStatusBody,
): Promise<MatchItem> {
  await ctx.db.transaction(async (tx) => {
    const match = await lockMemberMatch(tx, userId, matchId);
    await setMemberAnswer(tx, match.id, userId, answerOfMatchesPage[status], ctx.clock.now());
  });
  const updated = await findMemberMatch(ctx, userId, matchId);
  const [item] = await toMatchItems(ctx, userId, [updated]);
  return item;
}
