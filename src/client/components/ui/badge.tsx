import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type BadgeColor = "green" | "yellow" | "red" | "blue" | "grey" | "brown";

const colors: Record<BadgeColor, string> = {
  green: "border-green-200 bg-green-100 text-green-800",
  yellow: "border-yellow-200 bg-yellow-100 text-yellow-900",
  red: "border-red-200 bg-red-100 text-red-800",
  blue: "border-blue-200 bg-blue-100 text-blue-800",
  grey: "border-gray-200 bg-gray-100 text-gray-800",
  brown: "border-coffee-200 bg-coffee-100 text-coffee-900",
};

export type BadgeProps = ComponentProps<"span"> & { color?: BadgeColor };

export function Badge({ color = "grey", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        colors[color],
        className,
      )}
      {...props}
    />
  );
}
