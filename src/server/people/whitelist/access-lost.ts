import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { Db } from "../../db/client";
import { matches, matchMembers, pairings, users } from "../../db/schema";

export interface AccessLost {
  /** People the entry admitted who no longer match any active entry. */
  people: number;
  /**
   * Before a removal (its impact read): how many of them are in a running match. In a removal's
   * answer: how many of them left a partner waiting for a partner, for the admin to re-pair.
   */
  inActiveMatch: number;
}

/** SQL: the people the entry `entryEmail` (an address or `*@domain`) names, whatever else admits them. */
export function namedByEntrySql(entryEmail: string): SQL {
  return entryEmail.startsWith("*@")
    ? sql`split_part(lower(${users.email}), '@', 2) = ${entryEmail.slice(2)}`
    : sql`lower(${users.email}) = ${entryEmail}`;
}

/** Who lost access when the entry `entryEmail` (an address or `*@domain`) stopped counting. */
export async function findAccessLost(db: Db, entryEmail: string): Promise<AccessLost> {
  const admitted = namedByEntrySql(entryEmail);
  const lost = await db
    .select({ id: users.id })
    .from(users)
    .where(and(admitted, sql`${whitelistEntrySql(users.email, "id")} is null`));
  if (lost.length === 0) return { people: 0, inActiveMatch: 0 };
  const ids = lost.map((row) => row.id);
  const inMatch = await db
    .selectDistinct({ userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(
        eq(matches.status, "active"),
        eq(pairings.status, "active"),
        inArray(matchMembers.userId, ids),
      ),
    );
  const matched = new Set(inMatch.map((m) => m.userId));
  return { people: lost.length, inActiveMatch: matched.size };
}

/** The admin's message after a removal: what happens to the people it admitted. */
export function describeAccessLost(entryEmail: string, lost: AccessLost): string {
  const parts = [`${entryEmail} was removed from the whitelist.`];
  if (lost.people > 0) {
    parts.push(
      `${lost.people} ${lost.people === 1 ? "person" : "people"} lost access: signed out at the next request and left out of future pairings.`,
    );
  }
  if (lost.inActiveMatch > 0) {
    parts.push(
      `${lost.inActiveMatch} of them ${lost.inActiveMatch === 1 ? "leaves" : "leave"} a partner nobody else could meet now: re-pair ${lost.inActiveMatch === 1 ? "that partner" : "those partners"} under Current Pairings.`,
    );
  }
  return parts.join(" ");
}
