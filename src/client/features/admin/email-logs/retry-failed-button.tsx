import type { EmailLog } from "@shared/newsletters";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast } from "../../../components/ui/toast";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { useNewsletterMutation } from "../newsletters/newsletter-queries";

/**
 * Retry failed deliveries of a sent newsletter (after an outage that outlasted the retries, or a
 * refusal since cured): asks first, then re-queues only the failed ones; the send shows under
 * Newsletter Management until it ends, and this log updates then.
 */
export function RetryFailedButton({ log }: { log: EmailLog }) {
  const [asking, setAsking] = useState(false);
  const retry = useNewsletterMutation({
    mutationFn: () => newslettersApi.retryFailed(log.newsletter_id),
    onSuccess: (result) => {
      setAsking(false);
      toast({
        title: "Retrying failed deliveries",
        description: `${result.message} Follow the send under Newsletter Management.`,
      });
    },
    onError: () => setAsking(false),
    failure: "Failed to retry the failed deliveries",
  });
  if (log.failed_sends === 0) return null;
  const count = log.failed_sends;
  return (
    <>
      <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
        <RotateCcw aria-hidden="true" />
        Retry failed deliveries
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Retry ${count} failed ${count === 1 ? "delivery" : "deliveries"}?`}
          description={`"${log.newsletter_title}" is sent again only to the ${count === 1 ? "person" : "people"} it failed for; nobody who received it gets it twice.`}
          confirmLabel={retry.isPending ? "Retrying..." : "Retry failed deliveries"}
          pending={retry.isPending}
          onConfirm={() => retry.mutate()}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
