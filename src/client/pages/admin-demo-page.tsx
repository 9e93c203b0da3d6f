import { AdminDashboard } from "../features/admin/admin-dashboard";
import { AuthShell } from "../features/auth-shell";

/** The admin dashboard without the admin check (/admin-demo); the server still guards every call. */
export function AdminDemoPage() {
  return (
    <AuthShell title="Admin Dashboard (Demo)" wide>
      <AdminDashboard demo />
    </AuthShell>
  );
}
