import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { AppNav } from "./app-nav";
import { PageFrame } from "./page-frame";
import { SiteFooter } from "./site-footer";

/** Page frame for signed-in screens (/home, /matches, /profile): nav, main, footer. */
export function AppLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <PageFrame
      header={<AppNav />}
      footer={<SiteFooter />}
      mainClassName={cn("mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6", className)}
    >
      {children}
    </PageFrame>
  );
}
