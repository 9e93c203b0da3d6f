export type ClassValue = string | number | false | null | undefined | readonly ClassValue[];

/**
 * Joins class names, skipping falsy values and flattening arrays.
 * No Tailwind conflict resolution: when a caller's `className` repeats a utility for the same CSS
 * property as a component's defaults (e.g. `h-10` vs `h-12`), which one wins depends on Tailwind's
 * stylesheet order, not on the order here. Prefer component props (variant, size) for those.
 */
export function cn(...classes: ClassValue[]): string {
  const out: string[] = [];
  for (const value of classes) {
    if (!value && value !== 0) continue;
    if (Array.isArray(value)) {
      const nested = cn(...value);
      if (nested) out.push(nested);
    } else {
      out.push(String(value));
    }
  }
  return out.join(" ");
}
