import { Coffee } from "lucide-react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../lib/brand";
import { cn } from "../lib/cn";

/** The "Cup of Joe" logo, a link to the landing page. */
export function BrandLogo({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight",
        inverted ? "text-white" : "text-coffee-900",
        className,
      )}
    >
      <span
        className={cn(
          "inline-flex size-8 items-center justify-center rounded-full",
          inverted ? "bg-amber-100 text-coffee-900" : "bg-coffee-800 text-amber-100",
        )}
      >
        <Coffee aria-hidden="true" className="size-4" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
