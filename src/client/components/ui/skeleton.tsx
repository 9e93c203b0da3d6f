import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A grey placeholder block the size of the content it stands for. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-coffee-100 motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

/**
 * Marks a region as loading for assistive technology while its skeletons keep the layout; the
 * label is read once instead of every placeholder.
 */
export function LoadingRegion({
  label = "Loading...",
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div aria-busy="true" className={className}>
      <span role="status" className="sr-only">
        {label}
      </span>
      {children}
    </div>
  );
}
