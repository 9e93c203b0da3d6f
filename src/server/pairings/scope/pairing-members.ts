import type { PreviewUser } from "../../../shared/pairings";
import { isIanaTimeZone } from "../../../shared/working-hours";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { type MatchWithMembers, memberIds } from "../../match-members/match-members";
import { peopleById, personColumns, readPeople } from "../../people-rows/read-people";
import { getTimeZone } from "../../settings/time-zone";

export type MemberInfo = PreviewUser & { id: string };

/** The columns a member is shown by: name, e-mail and department display name. */
export const memberColumns = {
  ...personColumns,
  department: departmentNameSql(users.email, users.department),
};

/** Names, e-mails and departments (display names) of everyone in the given matches. */
export async function loadMembers(
  db: Pick<Db, "select">,
  rows: Pick<MatchWithMembers, "members">[],
): Promise<Map<string, MemberInfo>> {
  return peopleById(db, rows.flatMap(memberIds), memberColumns);
}

/**
 * Each person's time zone as their matches are planned in it (docs/scheduling.md): their own,
 * else the company's.
 */
export async function memberZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  if (ids.length === 0) return zones;
  const company = await getTimeZone(db);
  for (const user of await readPeople(db, ids, { id: users.id, timeZone: users.timeZone })) {
    const own = user.timeZone && isIanaTimeZone(user.timeZone) ? user.timeZone : null;
    zones.set(user.id, own ?? company);
  }
  return zones;
}

export function memberOf(members: Map<string, MemberInfo>, id: string): PreviewUser {
  const user = members.get(id);
  return user
    ? {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        department: user.department ?? null,
      }
    : { firstName: null, lastName: null, email: "", department: null };
}
