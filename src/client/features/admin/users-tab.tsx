import { UserManagementCard } from "./users/user-management-card";

/** User Management tab of the admin dashboard. */
export function UsersTab() {
  return <UserManagementCard />;
}
