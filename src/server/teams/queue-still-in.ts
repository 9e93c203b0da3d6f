import { inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import { teamsStillIn } from "../outbox/kinds/teams-kinds";
import { queue } from "../outbox/queue";
import { effectiveReach, getChannelSettings, wantsTeams } from "../settings/channel-settings";
import { teamsSettings } from "./teams-settings";

/** Which of these people chose Teams (read in the caller's transaction). */
async function choseTeams(tx: Tx, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  const [company, people] = await Promise.all([
    getChannelSettings(tx),
    tx.select({ id: users.id, reachBy: users.reachBy }).from(users).where(inArray(users.id, ids)),
  ]);
  return new Set(
    people.filter((p) => wantsTeams(effectiveReach(p.reachBy, company))).map((p) => p.id),
  );
}

/**
 * "Still up for coffee chats?" in Teams too, for a quiet person who chose Teams, queued with the
 * question in its transaction (check-ins/ask-quiet-people.ts); its buttons answer it like the
 * e-mail's page. The e-mail still goes: whether Teams reaches them is known only when sent.
 */
export async function queueTeamsStillIn(
  ctx: AppContext,
  tx: Tx,
  question: { userId: string; questionId: number },
): Promise<number> {
  if (!teamsSettings(ctx.config)) return 0;
  if (!(await choseTeams(tx, [question.userId])).has(question.userId)) return 0;
  return queue(ctx, tx, teamsStillIn, [{ userId: question.userId }], {
    questionId: question.questionId,
  });
}
