import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useToast } from "../components/ui/toast-store";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Mounts the toaster now. Pages that read the API call it (DataLayout), so a toast shows at once
 * (a 401's "You are logged out" has 0.5 s before the page leaves); the landing page does not.
 */
export function useToasterNow(): void {
  useEffect(() => {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  }, []);
}

/**
 * Mount once (main.tsx). Loads the Radix toast parts when a page asks for them or with the first
 * toast, so the landing page does not download them; after that the Toaster stays mounted.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const requested = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (requested || toasts.length > 0) setNeeded(true);
  }, [requested, toasts.length]);
  if (!needed && !requested && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
