import { USER_NOT_FOUND } from "../../../shared/admin-users";
import { NotFound } from "../../errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id from a path: anything but a UUID is simply a user that does not exist. */
export function checkUserId(id: string): string {
  if (!UUID.test(id)) throw new NotFound(USER_NOT_FOUND);
  return id;
}
