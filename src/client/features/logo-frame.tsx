import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { BrandLogo } from "./brand-logo";
import { SkipLink } from "./skip-link";

/** A full-height public screen: skip link, a header holding only the logo, and the main region. */
export function LogoFrame({
  className,
  mainClassName,
  children,
}: {
  /** Added to the outer column (e.g. a background). */
  className?: string;
  /** Layout of the main region. */
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-h-dvh flex-col", className)}>
      <SkipLink />
      <header className="border-b border-coffee-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cn(mainClassName, "outline-none")}>
        {children}
      </main>
    </div>
  );
}
