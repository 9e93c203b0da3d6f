import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast";
import { AppLayout } from "../app-layout";
import { type AuthQueryOptions, useAuth } from "../use-auth";
import { AdminSkeleton } from "./admin-skeleton";

/** Delay before leaving an admin page for /admin-login. */
export const ADMIN_GUARD_REDIRECT_MS = 500;

/** The admin guard's user check: retried once, fresh for 5 s, refetched on focus. */
const ADMIN_GUARD_QUERY: AuthQueryOptions = {
  retry: 1,
  staleTime: 5000,
  refetchOnWindowFocus: true,
};

/**
 * What the browser shows on an admin page (/admin, /admin/images, /admin-image-manager): signed-out
 * visitors and admins without a password session go to /admin-login, employees to /. The server refuses every admin call on its own.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth(ADMIN_GUARD_QUERY);
  const decided = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (isLoading || decided.current) return;
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
    if (!user.isAdmin && user.adminPasswordRequired) {
      // An admin signed in with a code or link: admin rights need the password sign-in.
      decided.current = true;
      toast({
        title: "Admin password required",
        description: "Please sign in with your admin password to open the admin dashboard.",
      });
      navigate("/admin-login", { replace: true });
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
  }, [isLoading, user, navigate]);

  if (isLoading) return <AdminSkeleton label="Loading admin dashboard..." />;
  if (!user?.isAdmin) return <AdminSkeleton label="Checking permissions..." />;
  return <AppLayout>{children}</AppLayout>;
}
