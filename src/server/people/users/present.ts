import { type AdminUserUpdated, USER_UPDATED } from "../../../shared/admin-users";
import type { UserRow } from "../../db/schema";

/** The answer to an admin's change of a person (`adminUserUpdatedSchema`). */
export function presentUserUpdated(user: UserRow): AdminUserUpdated {
  return {
    message: USER_UPDATED,
    user: {
      id: user.id,
      department: user.department,
      participationStatus: user.participationStatus,
      pauseStartDate: user.pauseStartDate,
      pauseEndDate: user.pauseEndDate,
    },
  };
}
