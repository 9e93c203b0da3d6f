import { useEffect, useState } from "react";
import { authApi } from "../lib/api/auth";
import { onSignOutElsewhere } from "../lib/session-broadcast";
import { startPathFor } from "./start-path";

/** The signed-in visitor's way into the app, offered where a signed-out visitor sees "Sign In". */
export type WayIn = { to: "/admin" | "/home"; label: string };

/**
 * Asks once whether the visitor is signed in (the landing page ships without the query cache, so
 * this is a plain request); null while asking, for a signed-out visitor and once another tab
 * signs out.
 */
export function useWayIn(): WayIn | null {
  const [wayIn, setWayIn] = useState<WayIn | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    authApi
      .currentUser(controller.signal)
      .then((user) => {
        if (!user) return;
        const to = startPathFor({ isAdmin: user.isAdmin === true });
        if (to === "/auth") return;
        setWayIn({ to, label: to === "/admin" ? "Open Admin Dashboard" : "Go to My Dashboard" });
      })
      .catch(() => {}); // offline or left the page: keep offering sign-in
    const stop = onSignOutElsewhere(() => setWayIn(null));
    return () => {
      controller.abort();
      stop();
    };
  }, []);
  return wayIn;
}
