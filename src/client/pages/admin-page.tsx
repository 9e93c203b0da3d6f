import { AdminDashboard } from "../features/admin/admin-dashboard";
import { AdminGuard } from "../features/admin/admin-guard";
import { useAdminView } from "../features/admin/use-admin-view";
import { UnknownPathPage } from "./unknown-path-page";

/** Admin dashboard behind the admin guard (/admin and its tabs, /admin/users…). */
export function AdminPage() {
  if (useAdminView().view === null) return <UnknownPathPage />;
  return (
    <AdminGuard>
      <AdminDashboard />
    </AdminGuard>
  );
}
