import {
  dismissToast,
  TOAST_DEFAULT_DURATION,
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  useToast,
} from "../components/ui/toast";

/**
 * Renders the toasts; mount once (main.tsx). Radix gives the F8 hotkey to focus the region, a
 * region label and swipe-to-dismiss.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DEFAULT_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid min-w-0 gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
