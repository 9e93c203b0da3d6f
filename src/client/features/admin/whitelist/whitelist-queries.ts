import { type QueryClient, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { isDepartmentListKey } from "../../../lib/api/admin-departments";
import { invitationKeys } from "../../../lib/api/admin-invitations";
import { adminUserKeys } from "../../../lib/api/admin-users";
import { whitelistApi, whitelistKeys } from "../../../lib/api/admin-whitelist";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export function useAllowedEmails() {
  return useQuery({
    queryKey: whitelistKeys.allowedEmails,
    queryFn: ({ signal }) => whitelistApi.allowedEmails(signal),
  });
}

export function useDomainGroups() {
  return useQuery({
    queryKey: whitelistKeys.domainGroups,
    queryFn: ({ signal }) => whitelistApi.domainGroups(signal),
  });
}

/** After a change: the whitelist, the groups, and what depends on them (departments, users). */
export function refreshWhitelistData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const first = query.queryKey[0];
      return (
        first === whitelistKeys.allowedEmails[0] ||
        first === whitelistKeys.domainGroups[0] ||
        first === invitationKeys.list[0] ||
        first === adminUserKeys.all[0] ||
        isDepartmentListKey(query.queryKey)
      );
    },
  });
}

/** The failure toast: the server's message, else the given default. */
export function failureToast(error: unknown, fallback: string) {
  if (redirectIfUnauthorized(error)) return;
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
}

/** A whitelist change: refreshes the whitelist data on success, else the failure toast. */
export function useWhitelistMutation<TData, TVariables = void>(
  options: AdminMutationOptions<TData, TVariables>,
) {
  return useAdminMutation({
    ...options,
    refresh: refreshWhitelistData,
    reportFailure: failureToast,
  });
}

export function successToast(description: string) {
  toast({ title: "Success", description });
}

/** The domain part a form sends with a new entry (the server derives it again). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

/** "3 addresses, 1 domain": a `*@domain` entry counts as a domain, not as an address. */
export function entryCountText(entries: readonly { email: string }[]): string {
  const domains = entries.filter((e) => e.email.startsWith("*@")).length;
  const addresses = entries.length - domains;
  const parts = [
    `${addresses} ${addresses === 1 ? "address" : "addresses"}`,
    ...(domains > 0 ? [`${domains} ${domains === 1 ? "domain" : "domains"}`] : []),
  ];
  return parts.join(", ");
}
