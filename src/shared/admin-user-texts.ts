export const NO_USER_CHANGES = "No changes to save for this user";
export const USER_NOT_FOUND = "User not found.";
export const DEPARTMENT_NOT_IN_GROUP =
  "Please choose one of the departments of this person's group.";
export const USER_UPDATED = "User updated successfully";
