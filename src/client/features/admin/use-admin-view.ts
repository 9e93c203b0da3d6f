import {
  type AdminBase,
  type AdminView,
  adminViewPath,
  formerPartPath,
  parseAdminView,
} from "@shared/admin-routes";
import { useCallback, useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { KEEP_SCROLL } from "../../lib/keep-scroll";

/**
 * The dashboard's place as the address holds it (/admin/users, /admin/newsletters/12, the same
 * under /admin-demo), and `go` to move to another place as a new history entry, so reload and
 * Back keep the place. `view` is null for an address that names no place.
 */
export function useAdminView() {
  const { pathname } = useLocation();
  const rest = useParams()["*"] ?? "";
  const navigate = useNavigate();
  const base: AdminBase = pathname.startsWith("/admin-demo") ? "/admin-demo" : "/admin";
  const view = parseAdminView(rest);
  const go = useCallback(
    (next: AdminView, options: { replace?: boolean } = {}) => {
      const path = adminViewPath(base, next);
      // A tab reports its choice on press and again on focus: one history entry per place.
      if (path === window.location.pathname) return;
      void navigate(path, { state: KEEP_SCROLL, ...options });
    },
    [navigate, base],
  );
  // An earlier release's address (/admin/chat) is replaced by the part's own (/admin/channels).
  const moved = formerPartPath(rest) !== null && view !== null;
  useEffect(() => {
    if (moved && view) void navigate(adminViewPath(base, view), { replace: true });
  }, [moved, view, base, navigate]);
  return { base, view, go };
}
