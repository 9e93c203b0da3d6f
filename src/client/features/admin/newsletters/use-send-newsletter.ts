import type { Newsletter, SendStarted } from "@shared/newsletters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { useConfirm } from "../../../components/ui/use-confirm";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { newsletterFailureToast, refreshNewsletterData } from "./newsletter-queries";

export type TrackedSend = { id: number; title: string };

/**
 * Send to Users: asks for confirmation in the ConfirmDialog (`dialog`, to be rendered by the
 * caller; the server refuses a newsletter without a linked pairing with the steps to take), starts
 * the send (POST …/send answers at once) and hands the started send to `onStarted` for its
 * progress bar.
 */
export function useSendNewsletter(onStarted: (send: TrackedSend) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation<SendStarted, Error, Newsletter>({
    mutationFn: (newsletter) => newslettersApi.send(newsletter.id),
    onSuccess: (result, newsletter) => {
      onStarted({ id: newsletter.id, title: newsletter.title });
      toast({
        title: "Sending Newsletter",
        description: `Sending to ${result.total} recipients. This may take 2-3 minutes.`,
      });
      void refreshNewsletterData(queryClient);
    },
    onError: (error) =>
      newsletterFailureToast(error, "Newsletter Send Error", {
        fallback: "Failed to send newsletter",
      }),
  });

  const { confirm, dialog } = useConfirm();
  const send = (newsletter: Newsletter) => {
    // Without a linked pairing the server refuses at once, saying what to do: nothing to confirm.
    if (!newsletter.pairingFile) {
      mutation.mutate(newsletter);
      return;
    }
    const pairing = newsletter.pairingDisplayName ?? newsletter.pairingFile;
    confirm({
      title: "Send to Users?",
      description: `Send "${newsletter.title}" to everyone in ${pairing}? Each person receives their own match by e-mail. This cannot be undone.`,
      confirmLabel: "Send to Users",
      onConfirm: () => mutation.mutate(newsletter),
    });
  };
  return { send, dialog };
}
