import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  type CheckInAnswer,
  checkInConfirmations,
  NOT_YET_NO_REMINDER,
} from "../../shared/check-in-answers";
import type { AppContext } from "../context";
import { checkIns, pairings, roundSteps } from "../db/schema";
import { askedInSlackOnly } from "../slack/check-in-in-slack";
import { askedInTeamsOnly } from "../teams/queue-teams";

/**
 * Whether the check-in's one reminder still comes to this person (docs/check-ins.md, "The
 * reminder"): their round has a reminder step not yet run (a round whose reminder would fall
 * after its completion holds none, docs/rounds.md), they were asked by e-mail and have not been
 * reminded yet.
 */
export async function reminderAhead(
  ctx: AppContext,
  { pairingId, userId }: { pairingId: number; userId: string },
): Promise<boolean> {
  const [step] = await ctx.db
    .select({ id: roundSteps.id })
    .from(roundSteps)
    .innerJoin(
      pairings,
      and(eq(pairings.scopeKey, roundSteps.scopeKey), eq(pairings.month, roundSteps.month)),
    )
    .where(
      and(
        eq(pairings.id, pairingId),
        eq(roundSteps.kind, "reminder"),
        inArray(roundSteps.state, ["pending", "running"]),
      ),
    );
  if (!step) return false;
  const [asked] = await ctx.db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.pairingId, pairingId),
        eq(checkIns.userId, userId),
        isNull(checkIns.reminderSentAt),
      ),
    );
  if (!asked) return false;
  const question = { pairingId, userId };
  return !(await askedInSlackOnly(ctx, question)) && !(await askedInTeamsOnly(ctx, question));
}

/** What the person is told once their answer is recorded: "Not yet" says whether we ask again. */
export async function confirmationOf(
  ctx: AppContext,
  answer: CheckInAnswer,
  who: { pairingId: number; userId: string },
): Promise<string> {
  if (answer !== "not_yet" || (await reminderAhead(ctx, who))) return checkInConfirmations[answer];
  return NOT_YET_NO_REMINDER;
}
