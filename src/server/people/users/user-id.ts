import { USER_NOT_FOUND } from "../../../shared/admin-users";
import { isUuid } from "../../db/uuid";
import { NotFound } from "../../errors";

/** A user id from a path: anything but a UUID is simply a user that does not exist. */
export function checkUserId(id: string): string {
  if (!isUuid(id)) throw new NotFound(USER_NOT_FOUND);
  return id;
}
