import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { uuidArray } from "../../db/id-list";
import { type UserRow, users } from "../../db/schema";

/*
 * The locks on the people a pairing places (their `users` rows and the whitelist entries that
 * admit them), and the reads made under them (docs/rounds.md, "Invariants of a round"; the
 * pairings' own locks are pairing-locks.ts). Every way of leaving changes one of those rows (a
 * deactivation, an erasure, a pause or opt-out update the person's row; a whitelist removal
 * deletes the entry), so a leaving that came first has committed before the caller re-reads who
 * is still ready, and one that comes later waits for the caller and then finds and leaves the
 * match, as it leaves every running match.
 */

/**
 * Locks one person's row FOR UPDATE for a change of their taking part (a pause or opt-out, a
 * deactivation, an erasure), after the running pairings' locks when the change may take them out
 * of a match (pairing-locks.ts). Undefined when there is no such person.
 */
export async function lockPerson(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return user;
}

/** The same lock for the person an identity provider knows by its SCIM id (docs/provisioning.md). */
export async function lockPersonByScimId(tx: Tx, scimId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.scimId, scimId)).for("update");
  return user;
}

/**
 * Holds the rows that decide whether the chosen people may still be placed, for a pairing being
 * made: each person's row and the whitelist entries that admit them (their own address, their
 * domain), FOR SHARE, lowest id first. The ids go as one array parameter, so a company-wide
 * pairing (100,000 people) is two statements (docs/performance.md, "Company scale").
 */
export async function lockChosenPeople(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // A join on the ids as one array: the planner sees their number (a hash join over one scan of
  // the people for a whole company, key look-ups for a few).
  const chosen = sql`unnest(${uuidArray([...new Set(ids)])}) as chosen(id)`;
  await tx.execute(sql`select u.id from ${users} u join ${chosen} on chosen.id = u.id
    order by u.id for share of u`);
  await tx.execute(sql`with chosen_emails as materialized (
      select u.email from ${users} u join ${chosen} on chosen.id = u.id
    )
    select e.id from allowed_emails e
    where e.email in (select email from chosen_emails)
      or e.email in (select '*@' || split_part(email, '@', 2) from chosen_emails)
    order by e.id for share of e`);
}

/**
 * Holds the rows of the people among `ids` who are still active, FOR SHARE, lowest id first, and
 * answers their ids: someone placed into a running match must not be deactivated meanwhile (a
 * deactivation, which takes the row FOR UPDATE, waits, then finds and leaves the match).
 */
export async function holdActivePeople(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for("share");
  return new Set(rows.map((row) => row.id));
}
