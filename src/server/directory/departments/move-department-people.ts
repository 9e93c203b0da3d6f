import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { allowedEmails, type DepartmentRow, users } from "../../db/schema";
import { entriesOfListSql, peopleOfListSql } from "./department-list-scope";

/**
 * Moves everyone in `from` (of its own list only) to the department key `to`: the signed-up
 * people, and the pre-filled department of whitelisted people not signed up yet. Their matching
 * preference is theirs and stays; "my department" simply means `to` from now on.
 */
export async function moveDepartmentPeople(
  ctx: Pick<AppContext, "clock">,
  tx: Tx,
  from: DepartmentRow,
  to: string,
): Promise<{ movedUsers: number; movedEntries: number }> {
  const movedUsers = await tx
    .update(users)
    .set({ department: to, updatedAt: ctx.clock.now() })
    .where(and(eq(users.department, from.name), peopleOfListSql(from.domainGroupId)))
    .returning({ id: users.id });
  const movedEntries = await tx
    .update(allowedEmails)
    .set({ department: to, updatedAt: ctx.clock.now() })
    .where(and(eq(allowedEmails.department, from.name), entriesOfListSql(from.domainGroupId)))
    .returning({ id: allowedEmails.id });
  return { movedUsers: movedUsers.length, movedEntries: movedEntries.length };
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "3 people and 1 person not signed up yet" (the second part only when there is one). */
export function movedPhrase(moved: { movedUsers: number; movedEntries: number }): string {
  const people = count(moved.movedUsers, "person", "people");
  if (moved.movedEntries === 0) return people;
  return `${people} and ${count(moved.movedEntries, "person", "people")} not signed up yet`;
}
