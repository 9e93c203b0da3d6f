import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import type { ToastVariant } from "./toast-store";

export * from "./toast-store";

/*
 * Toasts: Radix Toast, swipe right past 50 px to dismiss, F8 focuses the
 * region labelled "Notification". The store (toast(), one at a time, durations) is toast-store.ts;
 * the provider and viewport are mounted by <Toaster /> (features/toaster.tsx).
 */

/* ---- styled Radix parts ---- */

// A function rather than `= ToastPrimitive.Provider`: a top-level property read would keep Radix in
// every chunk that imports toast() from here.
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider {...props} />;
}

/**
 * At the top centre: a dialog keeps its actions at its bottom (the newsletter editor's Save and
 * Close), where a toast at the bottom covered them, on a phone the whole footer, until it closed.
 */
export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed top-0 left-1/2 z-[100] m-0 flex max-h-dvh w-full -translate-x-1/2 list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants: Record<ToastVariant, string> = {
  default: "border-coffee-200 bg-white text-coffee-900",
  destructive: "border-red-800 bg-red-700 text-white",
};

export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
        toastVariants[variant],
        className,
      )}
      data-variant={variant}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm", className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        "absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
