import { SampleDashboard } from "../features/admin/demo/sample-dashboard";
import { useAdminView } from "../features/admin/use-admin-view";
import { AuthShell } from "../features/auth-shell";
import { NotFoundPage } from "./not-found-page";

/** The admin dashboard with sample data only (/admin-demo and its tabs): no guard, no call to the server. */
export function AdminDemoPage() {
  if (useAdminView().view === null) return <NotFoundPage />;
  return (
    <AuthShell title="Admin Dashboard (Demo)" wide>
      <SampleDashboard />
    </AuthShell>
  );
}
