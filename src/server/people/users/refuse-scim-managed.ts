import { personName } from "../../../shared/person-name";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { Conflict } from "../../errors";
import { personColumns, readPerson } from "../../people-rows/read-people";
import { checkUserId } from "./user-id";

/**
 * A person the company's identity provider manages (SCIM, docs/provisioning.md) is deactivated and
 * reactivated there, not here: the provider would undo the admin's change at its next sync.
 */
export async function refuseScimManaged(ctx: AppContext, id: string): Promise<void> {
  checkUserId(id);
  const user = await readPerson(ctx.db, id, { ...personColumns, scimManaged: users.scimManaged });
  if (user?.scimManaged) {
    throw new Conflict(
      `${personName(user)} is managed by your identity provider: deactivate or reactivate them there.`,
      "scim_managed",
    );
  }
}
