import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type PairingRow, pairings, users } from "../../db/schema";

/*
 * The one lock discipline of running pairings (docs/rounds.md, "Invariants of a round"): an
 * operation that changes who is in a running pairing's matches takes the pairing's row FOR UPDATE
 * before it reads those matches, and reads them again inside. Operations that may touch several
 * pairings at once (a deactivation, a whitelist removal) take every running pairing's row, in id
 * order, so two of them, or one of them and a re-pair, never wait on each other in a circle.
 */

/** Locks one pairing's row for a change of its matches; undefined when there is no such pairing. */
export async function lockPairing(tx: Tx, pairingId: number): Promise<PairingRow | undefined> {
  const [pairing] = await tx
    .select()
    .from(pairings)
    .where(eq(pairings.id, pairingId))
    .for("update");
  return pairing;
}

/** Locks every running pairing's row, lowest id first, for an operation that may change any of them. */
export async function lockRunningPairings(tx: Tx): Promise<PairingRow[]> {
  return tx
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(asc(pairings.id))
    .for("update");
}

/**
 * Holds the rows that decide whether the chosen people may still be placed, for a pairing being
 * made (docs/rounds.md, "Invariants of a round"): each person's row and the whitelist entries that
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
