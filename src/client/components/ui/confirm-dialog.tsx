import { type ReactNode, useState } from "react";
import { Button } from "./button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./dialog";

/**
 * Where the focus goes when the confirmation closes: back to the button that asked, else (the
 * action removed it, as a retry removes its Retry button) to the dialog or page it was in. Radix
 * returns it only to a Dialog.Trigger, and this dialog is mounted while asking, without one.
 */
export function returnFocus(opener: Element | null) {
  const candidates = [opener, opener?.closest('[role="dialog"]'), document.getElementById("main")];
  const target = candidates.find(
    (element): element is HTMLElement => element instanceof HTMLElement && element.isConnected,
  );
  target?.focus();
}

/**
 * A confirmation before a destructive or far-reaching admin action (mount it while asking);
 * `children` go between the description and the buttons, for a choice the action needs. Without
 * `confirmLabel` it only tells: the action is not offered, and Close is the one button.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pending,
  destructive,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  pending: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [opener] = useState(() => document.activeElement);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus(opener);
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{confirmLabel ? "Cancel" : "Close"}</Button>
          </DialogClose>
          {confirmLabel && (
            <Button
              variant={destructive ? "destructive" : "default"}
              onClick={onConfirm}
              disabled={pending}
            >
              {confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
