import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn";

export type SpinnerProps = {
  /** Text announced (and shown unless `hideLabel`); defaults to "Loading...". */
  label?: string;
  hideLabel?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
};

const sizes = { sm: "size-4", md: "size-6", lg: "size-10" };

/** A spinning indicator inside role="status", so screen readers hear the label. */
export function Spinner({ label = "Loading...", hideLabel, size = "md", className }: SpinnerProps) {
  return (
    <div role="status" className={cn("inline-flex items-center gap-2 text-coffee-800", className)}>
      <LoaderCircle aria-hidden="true" className={cn("animate-spin", sizes[size])} />
      <span className={hideLabel ? "sr-only" : "text-sm font-medium"}>{label}</span>
    </div>
  );
}

/** A spinner centred in a full-height main region, for whole-page loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <main className="flex min-h-[60dvh] items-center justify-center p-6">
      <Spinner label={label} size="lg" />
    </main>
  );
}
