import { asc, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Holds the rows that decide whether the chosen people may still be placed, for a pairing being
 * made (docs/rounds.md, "Invariants of a round"; the lock discipline of
 * current/pairing-locks.ts): each person's row and the whitelist entries that
 * admit them (their own address, their domain), FOR SHARE, lowest id first. Every way of leaving
 * changes one of those rows (a deactivation, an erasure, a pause or opt-out update the person's
 * row; a whitelist removal deletes the entry), so a leaving that came first has committed before
 * the caller re-reads who is still ready, and one that comes later waits for the new pairing and
 * then finds and leaves its match, as it leaves every running match.
 */
export async function lockChosenPeople(tx: Tx, ids: readonly string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  for (let i = 0; i < sorted.length; i += 5000) {
    const chunk = sorted.slice(i, i + 5000);
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, chunk))
      .orderBy(asc(users.id))
      .for("share");
    await tx.execute(sql`select e.id from allowed_emails e
      where e.email in (select u.email from users u where u.id in ${chunk})
        or e.email in (select '*@' || split_part(u.email, '@', 2) from users u where u.id in ${chunk})
      order by e.id for share of e`);
  }
}
