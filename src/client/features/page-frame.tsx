import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { BrandLogo } from "./brand-logo";
import { SkipLink } from "./skip-link";

/**
 * A full-height screen: skip link, the given header, the main region the skip link jumps to, and
 * an optional footer.
 */
export function PageFrame({
  header,
  footer,
  className,
  mainClassName,
  children,
}: {
  header: ReactNode;
  footer?: ReactNode;
  /** Added to the outer column (e.g. a background). */
  className?: string;
  /** Layout of the main region. */
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-h-dvh flex-col", className)}>
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className={cn(mainClassName, "outline-none")}>
        {children}
      </main>
      {footer}
    </div>
  );
}

/** The header of the public screens that show only the logo. */
export function LogoHeader() {
  return (
    <header className="border-b border-coffee-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <BrandLogo />
      </div>
    </header>
  );
}
