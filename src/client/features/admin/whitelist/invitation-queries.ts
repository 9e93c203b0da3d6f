import type { InvitationsQueued } from "@shared/invitations";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { invitationKeys, invitationsApi } from "../../../lib/api/admin-invitations";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "./whitelist-queries";

export function useInvitations() {
  return useQuery({
    queryKey: invitationKeys.list,
    queryFn: ({ signal }) => invitationsApi.list(signal),
  });
}

/** Sends invitations; the toast says how many went and, in one line, who was left out. */
export function useSendInvitations(onDone?: (answer: InvitationsQueued) => void) {
  return useAdminMutation({
    mutationFn: (emails: string[]) => invitationsApi.send(emails),
    onSuccess: (answer) => {
      const shown = answer.skipped.slice(0, 3).map((s) => `${s.email}: ${s.reason}`);
      const more = answer.skipped.length - shown.length;
      const left = [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join("; ");
      toast({
        title: answer.queued > 0 ? "Invitations on their way" : "Nobody was invited",
        description: left ? `${answer.message} Left out: ${left}` : answer.message,
        variant: answer.queued > 0 ? undefined : "destructive",
      });
      onDone?.(answer);
    },
    failure: "Failed to send the invitations",
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: invitationKeys.list }),
    reportFailure: failureToast,
  });
}
