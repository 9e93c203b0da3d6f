import { shortDate } from "@shared/date-text";
import type { Newsletter } from "@shared/newsletters";
import { CheckCircle2, Eye, Pencil, ScrollText, Send, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useConfirm } from "../../../components/ui/use-confirm";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { useAdminView } from "../use-admin-view";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { NewsletterStatusBadge } from "./newsletter-labels";
import { useNewsletterMutation } from "./newsletter-queries";

/**
 * One listed newsletter: title, description, created date, badges, Edit / Approve / Send / Delete;
 * a sent one stays listed with View (read only) and its send log.
 */
export function NewsletterRow({
  newsletter,
  onEdit,
  onSend,
  sending,
}: {
  newsletter: Newsletter;
  onEdit: () => void;
  onSend: () => void;
  sending: boolean;
}) {
  const { id, title, status } = newsletter;
  const approve = useNewsletterMutation({
    mutationFn: () => newslettersApi.approve(id),
    onSuccess: () =>
      toast({
        title: "Newsletter Approved",
        description: `${title} is approved and ready to send.`,
      }),
    failure: "Failed to approve newsletter",
  });
  const isSending = status === "sending" || (sending && status !== "sent");
  const { go } = useAdminView();

  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-coffee-200 p-3 md:grid-cols-[1fr_auto] md:items-center">
      <NewsletterSummary newsletter={newsletter} />
      <div className="flex min-w-0 flex-wrap gap-2">
        {status === "sent" ? (
          <>
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`View ${title}`}>
              <Eye aria-hidden="true" />
              View
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => go({ section: "email-logs" })}
              aria-label={`Send log of ${title}`}
            >
              <ScrollText aria-hidden="true" />
              Send log
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
        {status === "draft" && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => approve.mutate()}
            disabled={approve.isPending}
            aria-label={`Approve ${title}`}
          >
            <CheckCircle2 aria-hidden="true" />
            {approve.isPending ? "Approving..." : "Approve"}
          </Button>
        )}
        {(status === "approved" || isSending) && (
          <Button
            size="sm"
            onClick={onSend}
            disabled={isSending}
            aria-label={`${isSending ? "Sending... (may take 2-3 minutes)" : "Send to Users"}: ${title}`}
          >
            <Send aria-hidden="true" />
            {isSending ? "Sending... (may take 2-3 minutes)" : "Send to Users"}
          </Button>
        )}
        {status !== "sent" && <DeleteNewsletterButton id={id} title={title} />}
      </div>
    </li>
  );
}

/** The newsletter's title, description, created date, status and linked pairing. */
function NewsletterSummary({ newsletter }: { newsletter: Newsletter }) {
  const zone = useCompanyTimeZone();
  return (
    <div className="grid min-w-0 gap-1">
      <p className="font-medium break-words">{newsletter.title}</p>
      {newsletter.description && (
        <p className="text-sm break-words text-coffee-700">{newsletter.description}</p>
      )}
      <p className="flex flex-wrap items-center gap-2 text-sm text-coffee-700">
        <span>Created {shortDate(newsletter.createdAt, zone, { year: true })}</span>
        <NewsletterStatusBadge status={newsletter.status} />
        <Badge
          color={newsletter.pairingFile ? "blue" : "grey"}
          className="max-w-full whitespace-normal break-all"
        >
          {newsletter.pairingFile
            ? (newsletter.pairingDisplayName ?? newsletter.pairingFile)
            : "No pairing linked"}
        </Badge>
      </p>
    </div>
  );
}

/** Delete, after a confirmation. */
function DeleteNewsletterButton({ id, title }: { id: number; title: string }) {
  const remove = useNewsletterMutation({
    mutationFn: () => newslettersApi.remove(id),
    onSuccess: () => toast({ title: "Newsletter Deleted", description: `${title} was deleted.` }),
    failure: "Cannot Delete Newsletter",
    failureDuration: 6000,
  });
  const { confirm, dialog } = useConfirm();
  return (
    <>
      {dialog}
      <Button
        size="sm"
        variant="destructive"
        disabled={remove.isPending}
        aria-label={`Delete ${title}`}
        onClick={() =>
          confirm({
            title: "Delete this newsletter?",
            description: `Are you sure you want to delete the newsletter "${title}"? This action cannot be undone.`,
            confirmLabel: "Delete newsletter",
            destructive: true,
            onConfirm: () => remove.mutate(),
          })
        }
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
