import type { AdminUser, UpdateAdminUserInput } from "@shared/admin-users";
import type { Department } from "@shared/departments";
import type { ParticipationStatus } from "@shared/enums";
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQueries,
} from "@tanstack/react-query";
import { departmentKeys, departmentsApi } from "../../../lib/api/admin-departments";
import { metricKeys } from "../../../lib/api/admin-metrics";
import { pairingKeys } from "../../../lib/api/admin-pairings";
import { adminUserKeys, adminUsersApi, type UserFilters } from "../../../lib/api/admin-users";

export type { UserFilters };

/** What an admin has changed in one row but not saved yet. */
export type UserDraft = UpdateAdminUserInput;

export const statusLabels: Record<ParticipationStatus, string> = {
  active: "Active",
  paused: "Paused",
  opted_out: "Opted Out",
};

/** The user list, a page at a time; the previous list stays on screen while a new search loads. */
export function useAdminUsers(filters: UserFilters) {
  return useInfiniteQuery({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ pageParam, signal }) => adminUsersApi.page(filters, pageParam, signal),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const departmentChoices = (groupId: number | null) =>
  groupId === null
    ? {
        queryKey: departmentKeys.company,
        queryFn: ({ signal }: { signal: AbortSignal }) => departmentsApi.company(signal),
      }
    : {
        queryKey: departmentKeys.ofGroup(groupId),
        queryFn: ({ signal }: { signal: AbortSignal }) => departmentsApi.ofGroup(groupId, signal),
      };

/**
 * Department choices per group (null: the company-wide list) for the rows on screen; a group whose
 * list has not loaded yet is missing.
 */
export function useDepartmentChoices(groupIds: Array<number | null>) {
  const unique = [...new Set(groupIds)];
  const results = useQueries({
    queries: unique.map((groupId) => ({ ...departmentChoices(groupId), staleTime: 60_000 })),
  });
  const byGroup = new Map<number | null, Department[]>();
  unique.forEach((groupId, i) => {
    const list = results[i]?.data as Department[] | undefined;
    if (list) byGroup.set(groupId, list);
  });
  return byGroup;
}

/** The fields of a draft that differ from the saved user. */
export function changesOf(user: AdminUser, draft: UserDraft | undefined): UserDraft {
  const changes: UserDraft = {};
  if (draft?.participationStatus && draft.participationStatus !== user.participationStatus) {
    changes.participationStatus = draft.participationStatus;
  }
  if (draft?.department !== undefined && draft.department !== (user.department ?? "")) {
    changes.department = draft.department;
  }
  if (draft?.managerEmail !== undefined) {
    const typed = draft.managerEmail?.trim().toLowerCase() || null;
    if (typed !== user.managerEmail) changes.managerEmail = typed;
  }
  return changes;
}

/** After a user is saved: the list, the counters and the department counts read it. */
export function refreshUserData(queryClient: QueryClient) {
  return Promise.all(
    [
      adminUserKeys.all,
      metricKeys.enhanced,
      departmentKeys.allGroups,
      pairingKeys.allValidation,
      metricKeys.employeeStatus,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
