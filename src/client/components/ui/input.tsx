import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const fieldClasses =
  "w-full min-w-0 rounded-md border border-coffee-300 bg-white px-3 text-base text-coffee-900 shadow-sm placeholder:text-coffee-600 focus-visible:border-amber-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-700 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700 sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-10 py-2", className)} {...props} />;
}

/** A small error message for a form field; link it with the input's aria-describedby. */
export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p className={cn("text-sm font-medium text-red-700", className)} {...props}>
      {children}
    </p>
  );
}
