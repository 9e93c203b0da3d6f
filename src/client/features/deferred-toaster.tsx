import { lazy, Suspense, useState } from "react";
import { useToast } from "../components/ui/toast-store";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/**
 * Mount once (main.tsx). Loads the Radix toast parts with the first toast instead of with every
 * page, so the landing page does not download them; after that the Toaster stays mounted.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
