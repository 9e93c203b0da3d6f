import type { AdminDepartment } from "@shared/departments";
import type { DomainGroup } from "@shared/whitelist";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const departmentsKey = (groupId: number) => ["/api/admin/departments", groupId] as const;

/** A read of the Departments tab; a 401 gets the "logged out" toast and redirect. */
function useRedirectOn401(error: unknown) {
  useEffect(() => {
    if (error) redirectIfUnauthorized(error);
  }, [error]);
}

export function useDomainGroupList() {
  const query = useQuery<DomainGroup[]>({ queryKey: ["/api/admin/domain-groups"] });
  useRedirectOn401(query.error);
  return query;
}

export function useGroupDepartments(groupId: number) {
  const query = useQuery<AdminDepartment[]>({ queryKey: departmentsKey(groupId) });
  useRedirectOn401(query.error);
  return query;
}

/** After a change: the group's list and every list people choose their department from. */
export function refreshDepartmentData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const first = String(query.queryKey[0] ?? "");
      return (
        first.startsWith("/api/admin/departments") ||
        first.startsWith("/api/departments") ||
        first === "/api/user/departments" ||
        first === "/api/admin/users"
      );
    },
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
