import { AdminDashboard } from "../features/admin/admin-dashboard";
import { AdminGuard } from "../features/admin/admin-guard";

/** Admin dashboard behind the admin guard (/admin). */
export function AdminPage() {
  return (
    <AdminGuard>
      <AdminDashboard />
    </AdminGuard>
  );
}
