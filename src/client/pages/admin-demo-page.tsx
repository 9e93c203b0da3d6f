import { SampleDashboard } from "../features/admin/demo/sample-dashboard";
import { AuthShell } from "../features/auth-shell";

/** The admin dashboard with sample data only (/admin-demo): no guard, no call to the server. */
export function AdminDemoPage() {
  return (
    <AuthShell title="Admin Dashboard (Demo)" wide>
      <SampleDashboard />
    </AuthShell>
  );
}
