import { lazy, type ReactNode, Suspense, useState } from "react";

// The dialog's Radix code loads with the first confirmation, so pages that only may ask (the
// participation card on /home, /matches and /profile) stay within their budgets
// (docs/performance.md, page budgets).
const ConfirmDialog = lazy(async () => ({
  default: (await import("./confirm-dialog")).ConfirmDialog,
}));

export interface ConfirmRequest {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/**
 * Asks with the ConfirmDialog before an action: `confirm({ title, …, onConfirm })` opens it and
 * `dialog` renders it (place it once in the component). The dialog closes on the choice; the
 * action's own pending state shows on the button that started it.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const dialog = request ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        title={request.title}
        description={request.description}
        confirmLabel={request.confirmLabel}
        destructive={request.destructive}
        pending={false}
        onConfirm={() => {
          setRequest(null);
          request.onConfirm();
        }}
        onClose={() => setRequest(null)}
      />
    </Suspense>
  ) : null;
  return { confirm: setRequest, dialog };
}
