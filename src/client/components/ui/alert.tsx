import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type AlertVariant = "default" | "destructive" | "success";

const variants: Record<AlertVariant, string> = {
  default: "border-coffee-200 bg-white text-coffee-900",
  destructive: "border-red-300 bg-red-50 text-red-800",
  success: "border-green-300 bg-green-50 text-green-800",
};

const icons = { default: Info, destructive: CircleAlert, success: CircleCheck };

export type AlertProps = ComponentProps<"div"> & {
  variant?: AlertVariant;
  /** Hide the leading icon. */
  noIcon?: boolean;
};

/**
 * A message box. Destructive alerts get role="alert" (announced at once); the others
 * role="status". Pass `role` to override.
 */
export function Alert({ variant = "default", noIcon, className, children, ...props }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={cn(
        "flex w-full gap-3 rounded-lg border p-4 text-sm",
        variants[variant],
        className,
      )}
      {...props}
    >
      {!noIcon && <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-semibold leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("leading-relaxed", className)} {...props} />;
}
