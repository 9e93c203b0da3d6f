import { SampleDashboard } from "../features/admin/demo/sample-dashboard";
import { useAdminView } from "../features/admin/use-admin-view";
import { AuthShell } from "../features/auth-shell";
import { UnknownPathPage } from "./unknown-path-page";

/** The admin dashboard with sample data only (/admin-demo and its tabs): no guard, no call to the server. */
export function AdminDemoPage() {
  if (useAdminView().view === null) return <UnknownPathPage />;
  return (
    <AuthShell title="Admin Dashboard (Demo)" wide>
      <SampleDashboard />
    </AuthShell>
  );
}
