import { DASHBOARD_ALIAS } from "@shared/routes";
import type { ReactNode } from "react";
import { PublicShell } from "../public-shell";

/**
 * The frame of the help pages: public, read by people signed in too, so the header leads to
 * each person's own start page (/dashboard: sign-in for a visitor) rather than to Sign In.
 */
export function HelpShell({ children }: { children: ReactNode }) {
  return (
    <PublicShell className="max-w-3xl" action={{ to: DASHBOARD_ALIAS, label: "Your Dashboard" }}>
      {children}
    </PublicShell>
  );
}
