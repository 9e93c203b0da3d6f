import { inArray } from "drizzle-orm";
import { erasedName, isErasedAddress } from "../../../shared/former-colleague";
import type { PreviewUser } from "../../../shared/pairings";
import { isIanaTimeZone } from "../../../shared/working-hours";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { type MatchWithMembers, memberIds } from "../../match-members/match-members";
import { getTimeZone } from "../../settings/time-zone";

export type MemberInfo = PreviewUser & { id: string };

/** The columns a member is shown by: name, e-mail and department display name. */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  department: departmentNameSql(users.email, users.department),
};

/** Names, e-mails and departments (display names) of everyone in the given matches. */
export async function loadMembers(
  db: Pick<Db, "select">,
  rows: Pick<MatchWithMembers, "members">[],
): Promise<Map<string, MemberInfo>> {
  const ids = [...new Set(rows.flatMap(memberIds))];
  const found = new Map<string, MemberInfo>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = await db
      .select(memberColumns)
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 5000)));
    for (const user of chunk) found.set(user.id, user);
  }
  return found;
}

/**
 * Each person's time zone as their matches are planned in it (docs/scheduling.md): their own,
 * else the company's.
 */
export async function memberZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  if (ids.length === 0) return zones;
  const company = await getTimeZone(db);
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = await db
      .select({ id: users.id, timeZone: users.timeZone })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 5000)));
    for (const user of chunk) {
      const own = user.timeZone && isIanaTimeZone(user.timeZone) ? user.timeZone : null;
      zones.set(user.id, own ?? company);
    }
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

/** A person as an activity line names them (activity/people-line.ts). */
export const named = (user: PreviewUser & { id: string }) => ({
  id: user.id,
  name: fullName(user),
});

export function fullName(user: Pick<PreviewUser, "firstName" | "lastName" | "email">): string {
  // An erased person, or an old match's stand-in (docs/privacy.md).
  if (isErasedAddress(user.email)) return erasedName(user.email);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email.split("@")[0] || "Unknown";
}
