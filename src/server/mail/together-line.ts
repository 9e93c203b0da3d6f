import { inArray } from "drizzle-orm";
import { matchTogether } from "../../shared/match-together";
import type { AppContext } from "../context";
import { users } from "../db/schema";

/**
 * The intro's line on how a match meets and what its members share (docs/pairings.md, "The
 * introduction"): "You meet in person at the Berlin office. You both like climbing."; in a group
 * also what two members share beyond what all share ("You and Ana both like chess." in an e-mail,
 * "Ana and Bo both like chess." in a chat), as the pairing counts every pair's tags. Null when
 * there is nothing to say. `memberIds` starts with the reader.
 */
export async function togetherLine(
  ctx: Pick<AppContext, "db">,
  memberIds: readonly string[],
  /** The first member reads it alone (an e-mail), not the whole group (a chat). */
  reader = false,
): Promise<string | null> {
  if (memberIds.length < 2) return null;
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      meet: users.meetWay,
      office: users.office,
      interests: users.interests,
    })
    .from(users)
    .where(inArray(users.id, [...memberIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const members = memberIds.flatMap((id) => byId.get(id) ?? []);
  const { meeting, shared } = matchTogether(members, reader);
  const lines = [meeting ? `You meet ${meeting}.` : "", shared].filter(Boolean);
  return lines.length > 0 ? lines.join(" ") : null;
}
