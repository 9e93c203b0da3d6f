import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { BadRequest } from "../../errors";

/**
 * The id of the person at `email`, as someone's manager (docs/profile.md, "Never with my
 * manager"); null when nobody (not erased) has that address. Never the person themself.
 */
export async function managerIdOfEmail(
  db: Db | Tx,
  email: string,
  ownId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.erasedAt)));
  return row && row.id !== ownId ? row.id : null;
}

/** The admin's choice: an address of someone with an account, or null to clear it. */
export async function managerChange(
  db: Db | Tx,
  email: string | null,
  ownId: string,
): Promise<string | null> {
  if (email === null) return null;
  const id = await managerIdOfEmail(db, email, ownId);
  if (!id) {
    throw new BadRequest(
      "Nobody else has an account at that address; a manager must have signed up.",
      "invalid_manager",
    );
  }
  return id;
}
