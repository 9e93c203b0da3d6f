import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";
import { BrandLogo } from "./brand-logo";
import { SkipLink } from "./skip-link";

/** The public frame of the sign-in screens: logo header and a centred column. */
export function AuthShell({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-coffee-50">
      <SkipLink />
      <header className="border-b border-coffee-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full flex-1 px-4 py-10 outline-none sm:px-6 ${wide ? "max-w-5xl" : "max-w-md"}`}
      >
        {children}
      </main>
    </div>
  );
}
