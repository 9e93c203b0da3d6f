import { eq } from "drizzle-orm";
import { adminUserName } from "../../../shared/admin-users";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { Conflict } from "../../errors";
import { checkUserId } from "./user-id";

/**
 * A person the company's identity provider manages (SCIM, docs/provisioning.md) is deactivated and
 * reactivated there, not here: the provider would undo the admin's change at its next sync.
 */
export async function refuseScimManaged(ctx: AppContext, id: string): Promise<void> {
  checkUserId(id);
  const [user] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      scimManaged: users.scimManaged,
    })
    .from(users)
    .where(eq(users.id, id));
  if (user?.scimManaged) {
    throw new Conflict(
      `${adminUserName(user)} is managed by your identity provider: deactivate or reactivate them there.`,
      "scim_managed",
    );
  }
}
