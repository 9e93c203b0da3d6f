import { type ReactNode, useSyncExternalStore } from "react";

/*
 * The toast store: one toast at a time (a new one replaces the old),
 * 5000 ms by default, dismissed toasts are dropped after 1,000,000 ms. Kept apart from the Radix
 * parts in toast.tsx so a page can call toast() without loading them; <DeferredToaster /> loads
 * them with the first toast.
 */

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to 5000. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast (replacing any current one). Returns handles to update or dismiss it. */
export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (next: ToastInput) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...input, id, open: true };
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) {
    const timer = removeTimers.get(dropped.id);
    if (timer) clearTimeout(timer);
    removeTimers.delete(dropped.id);
  }
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => toasts;

/** The current toasts plus `toast()` and `dismiss()`. */
export function useToast(): {
  toasts: ToastItem[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
