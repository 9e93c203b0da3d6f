import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { cn } from "../lib/cn";
import { BrandLogo } from "./brand-logo";
import { PageFrame } from "./page-frame";
import { SiteFooter } from "./site-footer";

/** The header's main button: Sign In, or on pages signed-in people read too, their dashboard. */
const signInLink = { to: "/auth", label: "Sign In" };

/**
 * Frame for public screens (/demo, /company-inquiry, /help): logo header, main, footer. `sample`:
 * the demo walkthrough, whose footer names no company (it asks the server nothing). `action`: the
 * header's main button, Sign In unless given.
 */
export function PublicShell({
  children,
  className,
  sample,
  action = signInLink,
}: {
  children: ReactNode;
  className?: string;
  sample?: boolean;
  action?: { to: string; label: string };
}) {
  return (
    <PageFrame
      header={<PublicHeader action={action} />}
      footer={<SiteFooter sample={sample} />}
      mainClassName={cn("mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6", className)}
    >
      {children}
    </PageFrame>
  );
}

/** Logo, a link home and the main button. */
function PublicHeader({ action }: { action: { to: string; label: string } }) {
  return (
    <header className="border-b border-coffee-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <BrandLogo />
        <div className="flex items-center gap-1">
          <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <ArrowLeft aria-hidden="true" />
            Home
          </Link>
          <Link to={action.to} className={buttonVariants({ size: "sm" })}>
            {action.label}
          </Link>
        </div>
      </nav>
    </header>
  );
}
