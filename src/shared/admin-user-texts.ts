/**
 * The user-management texts and name rule, without zod, so pages can import them without pulling
 * the request schemas into their bundle.
 */
import { erasedName, isErasedAddress } from "./former-colleague";

export const NO_USER_CHANGES = "No changes to save for this user";
export const USER_NOT_FOUND = "User not found.";
export const DEPARTMENT_NOT_IN_GROUP =
  "Please choose one of the departments of this person's group.";
export const USER_UPDATED = "User updated successfully";

/**
 * The user table's Name column: first and last name, else the e-mail prefix, else Unknown; an
 * erased person is named by `erasedName` (docs/privacy.md).
 */
export function adminUserName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  if (isErasedAddress(user.email)) return erasedName(user.email);
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (full) return full;
  const prefix = user.email.split("@")[0];
  return prefix || "Unknown";
}
