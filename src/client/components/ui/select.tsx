import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { fieldClasses } from "./input";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<"select"> & {
  /** Options to render; `children` may be used instead. */
  options?: readonly SelectOption[];
  /** A first, empty option (value "") such as "Select a department". */
  placeholder?: string;
};

/** A styled native `<select>`. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  return (
    <div className="relative w-full min-w-0">
      <select className={cn(fieldClasses, "h-10 appearance-none py-2 pr-9", className)} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-coffee-700"
      />
    </div>
  );
}
