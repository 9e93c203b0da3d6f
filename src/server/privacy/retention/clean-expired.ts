import { lt, or } from "drizzle-orm";
import { SESSION_IDLE_MS } from "../../auth/session-store";
import type { Db } from "../../db/client";
import {
  authCodes,
  emailVerifications,
  magicLinkTokens,
  passwordResetTokens,
  rateLimitCounters,
  sessions,
} from "../../db/schema";
import { forgetEndedMatchBusyTimes } from "../../scheduling/match-busy-times";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Codes, links, sessions and request counters that ended more than a day ago
 * are deleted, whatever the retention setting (docs/privacy.md "Retention"), and so are the busy
 * times kept for matches that no longer run (docs/scheduling.md). The day keeps the
 * daily sign-in cap and the guess cap, which count the last 24 hours, true.
 */
export async function deleteExpired(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DAY_MS);
  const idle = new Date(cutoff.getTime() - SESSION_IDLE_MS);
  const counts = await Promise.all([
    db.delete(authCodes).where(lt(authCodes.expiresAt, cutoff)).returning({ id: authCodes.id }),
    db
      .delete(magicLinkTokens)
      .where(lt(magicLinkTokens.expiresAt, cutoff))
      .returning({ id: magicLinkTokens.id }),
    db
      .delete(emailVerifications)
      .where(lt(emailVerifications.expiresAt, cutoff))
      .returning({ id: emailVerifications.id }),
    db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, cutoff))
      .returning({ id: passwordResetTokens.id }),
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.lastAccessedAt, idle)))
      .returning({ id: sessions.id }),
    db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, cutoff))
      .returning({ key: rateLimitCounters.key }),
  ]);
  // Busy times are kept only while their match runs (docs/scheduling.md).
  const busyTimes = await forgetEndedMatchBusyTimes(db);
  return counts.reduce((sum, rows) => sum + rows.length, 0) + busyTimes;
}
