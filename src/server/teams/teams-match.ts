import { personName } from "../../shared/person-name";
import { runningMatch } from "../channels/running-matches";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { peopleInOrder, personColumns } from "../people-rows/read-people";
import type { TeamsIntroMember } from "./teams-cards";

/** A running match of two or more, its month and its members as a card names them. */
export async function runningTeamsMatch(ctx: AppContext, matchId: number | null) {
  const match = await runningMatch(ctx, matchId);
  if (!match) return null;
  const ids = match.members.map((m) => m.userId);
  const members = await peopleInOrder(
    ctx.db,
    ids,
    {
      ...personColumns,
      department: users.department,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      isActive: users.isActive,
      reachBy: users.reachBy,
    },
    { activeOnly: true },
  );
  if (members.length !== ids.length) return null;
  return { match, month: match.month, members };
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
