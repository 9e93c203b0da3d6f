import { inArray } from "drizzle-orm";
import type { PreviewUser } from "../../shared/pairings";
import type { Db } from "../db/client";
import { departments, type MatchRow, users } from "../db/schema";

export type MemberInfo = PreviewUser & { id: string };

/** Names, e-mails and departments (display names) of everyone in the given matches. */
export async function loadMembers(
  db: Pick<Db, "select">,
  rows: MatchRow[],
): Promise<Map<string, MemberInfo>> {
  const ids = [
    ...new Set(
      rows
        .flatMap((m) => [m.user1Id, m.user2Id, m.user3Id])
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const found = new Map<string, MemberInfo>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        department: users.department,
      })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 5000)));
    for (const user of chunk) found.set(user.id, user);
  }
  const displayNames = await departmentDisplayNames(db, [...found.values()]);
  for (const user of found.values()) {
    if (user.department) user.department = displayNames.get(user.department) ?? user.department;
  }
  return found;
}

/** Stored department name → display name (the first department of that name wins). */
async function departmentDisplayNames(
  db: Pick<Db, "select">,
  people: Array<{ department?: string | null }>,
): Promise<Map<string, string>> {
  const names = [...new Set(people.map((p) => p.department).filter((d): d is string => !!d))];
  const displayNames = new Map<string, string>();
  for (let i = 0; i < names.length; i += 5000) {
    const rows = await db
      .select({ name: departments.name, displayName: departments.displayName })
      .from(departments)
      .where(inArray(departments.name, names.slice(i, i + 5000)));
    for (const d of rows) if (!displayNames.has(d.name)) displayNames.set(d.name, d.displayName);
  }
  return displayNames;
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

export function fullName(user: PreviewUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email.split("@")[0] || "Unknown";
}
