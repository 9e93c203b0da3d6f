import { asc, eq } from "drizzle-orm";
import type { AdminAccount } from "../../../shared/admin-accounts";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";

/** Every admin account, by address, with whether it has a password yet. */
export async function listAdmins(ctx: AppContext, readerId: string): Promise<AdminAccount[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.email));
  return rows.map(({ passwordHash, ...row }) => ({
    ...row,
    hasPassword: passwordHash !== null,
    isYou: row.id === readerId,
  }));
}
