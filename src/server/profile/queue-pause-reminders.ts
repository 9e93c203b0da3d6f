import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { addDaysToIsoDate, isoDateOf } from "../../shared/participation";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { pauseEnding } from "../outbox/kinds/pause-ending";
import { greetingOf } from "../outbox/personal-links";
import { queue } from "../outbox/queue";

/** How many days before a pause ends its reminder goes (docs/profile.md, "Participation"). */
export const PAUSE_REMINDER_DAYS = 7;

/**
 * Queues "your pause ends soon" to everyone whose pause ends within the next week (after today),
 * once per pause: the kind's key is the end date, so the daily job's next runs queue nothing
 * twice, and a pause shorter than a week is told too. Answers how many were queued.
 */
export async function queuePauseReminders(ctx: AppContext, now: Date): Promise<number> {
  const today = isoDateOf(now);
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      until: users.pauseEndDate,
    })
    .from(users)
    .where(
      and(
        eq(users.participationStatus, "paused"),
        eq(users.isActive, true),
        isNull(users.erasedAt),
        gt(users.pauseEndDate, today),
        lte(users.pauseEndDate, addDaysToIsoDate(today, PAUSE_REMINDER_DAYS)),
      ),
    );
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return queue(ctx, ctx.db, pauseEnding, [...byEmail.keys()], (email) => {
    const row = byEmail.get(email)!;
    return { userId: row.id, greeting: greetingOf(row), until: row.until ?? today };
  });
}
