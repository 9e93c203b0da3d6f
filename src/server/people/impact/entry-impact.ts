import { and, eq, inArray, sql } from "drizzle-orm";
import type { EntryImpact } from "../../../shared/impact";
import type { AppContext } from "../../context";
import { allowedEmails, matches, matchMembers, pairings, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { namedByEntrySql } from "../whitelist/access-lost";

/**
 * Who would lose access if the whitelist entry `id` were removed: the people it admits whom no
 * other active entry admits (the same rule as access-lost.ts, read before instead of after).
 * Read-only.
 */
export async function entryImpact(ctx: AppContext, id: number): Promise<EntryImpact> {
  const [entry] = await ctx.db
    .select({ email: allowedEmails.email, isActive: allowedEmails.isActive })
    .from(allowedEmails)
    .where(eq(allowedEmails.id, id));
  if (!entry) throw new NotFound("That whitelist entry no longer exists.");
  if (!entry.isActive) return { people: 0, inActiveMatch: 0 };
  const admitted = namedByEntrySql(entry.email);
  const otherEntry = sql`exists (select 1 from allowed_emails a where a.is_active and a.id <> ${id}
    and a.email in (lower(${users.email}), '*@' || split_part(lower(${users.email}), '@', 2)))`;
  const lost = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(admitted, sql`not ${otherEntry}`));
  if (lost.length === 0) return { people: 0, inActiveMatch: 0 };
  const inMatch = await ctx.db
    .selectDistinct({ userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(
        eq(matches.status, "active"),
        eq(pairings.status, "active"),
        inArray(
          matchMembers.userId,
          lost.map((row) => row.id),
        ),
      ),
    );
  return { people: lost.length, inActiveMatch: inMatch.length };
}
