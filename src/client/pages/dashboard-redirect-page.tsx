import { Navigate } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { startPathFor } from "../features/start-path";
import { useAuth } from "../features/use-auth";

/** /dashboard: the admin dashboard for an admin, the employee's dashboard, or sign-in. */
export function DashboardRedirectPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  return <Navigate to={startPathFor(user)} replace />;
}
