import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";

/** The most characters a kept manager reference holds; longer ones are cut off, not stored. */
const MAX_REF = 320;

/**
 * A person's manager by a reference (docs/profile.md, "Never with my manager"): the account it
 * names when `find` finds one, else the reference kept as waiting (`users.manager_ref`), made
 * the manager when that account is made (`resolveManagerRefs`). Null clears both.
 */
export async function setManagerByRef(
  db: Db | Tx,
  userId: string,
  ref: string | null,
  find: (ref: string) => SQL,
): Promise<void> {
  const wanted = ref?.trim().slice(0, MAX_REF) || null;
  if (wanted === null) {
    await db.update(users).set({ managerId: null, managerRef: null }).where(eq(users.id, userId));
    return;
  }
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(find(wanted), isNull(users.erasedAt)))
    .limit(1);
  const set =
    manager && manager.id !== userId
      ? { managerId: manager.id, managerRef: null }
      : manager
        ? { managerId: null, managerRef: null }
        : { managerId: null, managerRef: wanted };
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** An account by its address, any case. */
export const byAddress = (ref: string) => sql`lower(${users.email}) = ${ref.toLowerCase()}`;

/**
 * Everyone waiting for this person as their manager gets them: a reference that is their
 * address or SCIM userName (any case), or their SCIM externalId or id (exactly).
 */
export async function resolveManagerRefs(db: Db | Tx, personId: string): Promise<void> {
  const [person] = await db
    .select({
      email: users.email,
      scimId: users.scimId,
      externalId: users.scimExternalId,
      userName: users.scimUserName,
    })
    .from(users)
    .where(and(eq(users.id, personId), isNull(users.erasedAt)));
  if (!person) return;
  const names = [person.email, person.userName].flatMap((n) => (n ? [n.toLowerCase()] : []));
  const exact = [person.scimId, person.externalId].flatMap((n) => (n ? [n] : []));
  await db
    .update(users)
    .set({ managerId: personId, managerRef: null })
    .where(
      and(
        ne(users.id, personId),
        or(
          sql`lower(${users.managerRef}) in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
          ...exact.map((value) => eq(users.managerRef, value)),
        ),
      ),
    );
}
