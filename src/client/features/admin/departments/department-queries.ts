import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../../components/ui/toast";
import {
  departmentKeys,
  departmentsApi,
  isDepartmentListKey,
} from "../../../lib/api/admin-departments";
import { adminUserKeys } from "../../../lib/api/admin-users";
import { whitelistApi, whitelistKeys } from "../../../lib/api/admin-whitelist";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

/** A read of the Departments tab; a 401 gets the "logged out" toast and redirect. */
function useRedirectOn401(error: unknown) {
  useEffect(() => {
    if (error) redirectIfUnauthorized(error);
  }, [error]);
}

export function useDomainGroupList() {
  const query = useQuery({
    queryKey: whitelistKeys.domainGroups,
    queryFn: ({ signal }) => whitelistApi.domainGroups(signal),
  });
  useRedirectOn401(query.error);
  return query;
}

export function useGroupDepartments(groupId: number) {
  const query = useQuery({
    queryKey: departmentKeys.ofGroup(groupId),
    queryFn: ({ signal }) => departmentsApi.ofGroup(groupId, signal),
  });
  useRedirectOn401(query.error);
  return query;
}

/** After a change: the group's list and every list people choose their department from. */
export function refreshDepartmentData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      isDepartmentListKey(query.queryKey) || query.queryKey[0] === adminUserKeys.all[0],
  });
}

/** A department change: refreshes the lists on success; a 401 redirects, else the failure toast. */
export function useDepartmentMutation<TData, TVariables = void>(
  options: AdminMutationOptions<TData, TVariables>,
) {
  return useAdminMutation({
    ...options,
    refresh: refreshDepartmentData,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      toast({ variant: "destructive", title: "Error", description: errorMessage(error, fallback) });
    },
  });
}
