import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { AppNav } from "./app-nav";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/** Page frame for signed-in screens (/home, /matches, /profile): nav, main, footer. */
export function AppLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppNav />
      <main
        id="main"
        tabIndex={-1}
        className={cn("mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6", className)}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
