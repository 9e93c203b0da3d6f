import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { toast } from "../components/ui/toast";
import { AdminDashboard } from "../features/admin/admin-dashboard";
import { AppLayout } from "../features/app-layout";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "../features/use-auth";
import { getQueryFn } from "../lib/api-client";

/** Delay before leaving /admin for /admin-login (admin-side §9). */
export const ADMIN_GUARD_REDIRECT_MS = 500;

const fetchUser = getQueryFn<AuthUser>({ on401: "returnNull" });

/**
 * Admin dashboard behind the admin guard (/admin): admin-side §2 "Admin guard". The server
 * refuses every admin call on its own; this guard only decides what the browser shows.
 */
export function AdminPage() {
  const query = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async (context) => {
      try {
        return await fetchUser(context);
      } catch {
        return null;
      }
    },
    retry: 1,
    staleTime: 5000,
    refetchOnWindowFocus: true,
  });
  const user = query.data ?? null;
  const decided = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (query.isLoading || decided.current) return;
    if (!user) {
      decided.current = true;
      toast({
        title: "Unauthorized",
        description: "Please login to access admin features.",
        variant: "destructive",
      });
      setTimeout(() => navigate("/admin-login", { replace: true }), ADMIN_GUARD_REDIRECT_MS);
      return;
    }
    if (!user.isAdmin) {
      decided.current = true;
      toast({
        title: "Access Denied",
        description: "You don't have admin privileges.",
        variant: "destructive",
      });
      navigate("/", { replace: true });
    }
  }, [query.isLoading, user, navigate]);

  if (query.isLoading) return <PageSpinner label="Loading admin dashboard..." />;
  if (!user?.isAdmin) return <PageSpinner label="Checking permissions..." />;
  return (
    <AppLayout>
      <AdminDashboard />
    </AppLayout>
  );
}
