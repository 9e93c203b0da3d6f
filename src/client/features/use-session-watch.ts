import { useEffect } from "react";
import { isUnauthorizedError } from "../lib/api-client";
import { queryClient } from "../lib/query-client";
import { onSignOutElsewhere } from "../lib/session-broadcast";
import { AUTH_USER_QUERY_KEY } from "./use-auth";

function signedIn(): boolean {
  return Boolean(queryClient.getQueryData(AUTH_USER_QUERY_KEY));
}

/**
 * Keeps a tab's idea of the session true (docs/sign-in.md, "Signing out"):
 * - another tab signed out: a signed-in page goes to the landing page, as the signing-out tab does;
 * - a read answered 401 (the session ended elsewhere or expired): the user is forgotten, so the
 *   page's own rule for "no user" applies (the dashboard goes to /, admin pages to /admin-login);
 * - a tab shown again asks the server whether its user is still signed in.
 */
export function useSessionWatch() {
  useEffect(() => {
    const stopBroadcast = onSignOutElsewhere(() => {
      if (signedIn()) window.location.assign("/");
    });
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (!isUnauthorizedError(event.action.error) || !signedIn()) return;
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
    });
    const onVisible = () => {
      if (document.visibilityState === "visible" && signedIn()) {
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopBroadcast();
      stopCache();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}
