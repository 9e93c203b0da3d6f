import { Send } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useInvitations, useSendInvitations } from "./invitation-queries";

/**
 * After addresses were added: once the launch invitation has gone out, the offer to invite the
 * new people now; before it, the note that the launch invitation will reach them.
 */
export function InviteOffer({ emails }: { emails: string[] }) {
  const invitations = useInvitations();
  const [sent, setSent] = useState(false);
  const send = useSendInvitations(() => setSent(true));
  if (emails.length === 0 || !invitations.data) return null;
  const who =
    emails.length === 1 ? emails[0] : `these ${emails.length.toLocaleString("en")} people`;
  if (!invitations.data.launchSent)
    return (
      <p className="text-sm text-coffee-800">
        The launch invitation (Operations, Getting started) will reach {who}.
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-coffee-800">
        {sent ? `Invitation on its way to ${who}.` : `Invite ${who} to sign up now?`}
      </p>
      {!sent && (
        <Button
          type="button"
          size="sm"
          disabled={send.isPending}
          onClick={() => send.mutate(emails)}
        >
          <Send aria-hidden="true" />
          {send.isPending ? "Inviting..." : "Send the invitation"}
        </Button>
      )}
    </div>
  );
}
