import { UserManagementCard } from "./users/user-management-card";

/** Admin Tools tab of the admin dashboard: user management. */
export function AdminToolsTab() {
  return <UserManagementCard />;
}
