import { eq, inArray } from "drizzle-orm";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import { matches, pairings, users } from "../db/schema";
import { withMembers } from "../match-members/match-members";
import type { TeamsIntroMember } from "./teams-cards";

/** A running match of two or more, its month and its members as a card names them. */
export async function runningTeamsMatch(ctx: AppContext, matchId: number | null) {
  if (matchId === null) return null;
  const [row] = await ctx.db
    .select({ match: matches, pairingStatus: pairings.status, month: pairings.month })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(eq(matches.id, matchId));
  if (!row || row.match.status !== "active" || row.pairingStatus !== "active") return null;
  const [full] = await withMembers(ctx.db, [row.match]);
  if (full.members.length < 2) return null;
  const ids = full.members.map((m) => m.userId);
  const people = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      department: users.department,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      isActive: users.isActive,
      reachBy: users.reachBy,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const members = ids.flatMap((id) => people.filter((p) => p.id === id && p.isActive));
  if (members.length !== ids.length) return null;
  return { match: full, month: row.month, members };
}

export type TeamsMatch = NonNullable<Awaited<ReturnType<typeof runningTeamsMatch>>>;

/** A member as the intro card names them; a photo only as an absolute https address. */
export function introMember(
  appUrl: string,
  person: TeamsMatch["members"][number],
): TeamsIntroMember {
  const photo = person.profileImageUrl;
  const photoUrl = !photo
    ? null
    : photo.startsWith("/")
      ? `${appUrl}${photo}`
      : photo.startsWith("https://")
        ? photo
        : null;
  return {
    userId: person.id,
    name: personName(person),
    department: person.department,
    bio: person.bio,
    photoUrl,
  };
}

/** "Coffee chat: Ada, Bob & Cy", by first names (the group chat's topic). */
export function groupTopic(members: TeamsMatch["members"]): string {
  const names = members.map((m) => m.firstName?.trim() || personName(m));
  const list = `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}`;
  return `Coffee chat: ${list}`.slice(0, 250);
}
