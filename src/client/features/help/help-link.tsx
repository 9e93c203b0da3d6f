import { type HelpSlug, helpPath } from "@shared/help-pages";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/** A link to a help page, or to one of its sections (a heading's id), where a card names a topic. */
export function HelpLink({
  slug,
  section,
  className,
  children,
}: {
  slug: HelpSlug;
  section?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={helpPath(slug, section)}
      className={cn(
        "rounded-sm font-medium text-coffee-800 underline underline-offset-4 hover:text-coffee-950",
        className,
      )}
    >
      {children}
    </Link>
  );
}
