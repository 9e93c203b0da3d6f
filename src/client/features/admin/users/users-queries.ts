import type {
  AccountState,
  AdminUser,
  AdminUsersResponse,
  UpdateAdminUserInput,
} from "@shared/admin-users";
import type { Department } from "@shared/departments";
import type { ParticipationStatus } from "@shared/enums";
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQueries,
} from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const ADMIN_USERS_KEY = "/api/admin/users";

export type UserFilters = {
  q: string;
  status: "" | ParticipationStatus;
  /** Active or deactivated accounts; empty: all. */
  account: "" | AccountState;
  domainGroupId: string;
};

/** What an admin has changed in one row but not saved yet. */
export type UserDraft = UpdateAdminUserInput;

export const statusLabels: Record<ParticipationStatus, string> = {
  active: "Active",
  paused: "Paused",
  opted_out: "Opted Out",
};

function usersUrl(filters: UserFilters, cursor: string): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.account) params.set("account", filters.account);
  if (filters.domainGroupId) params.set("domainGroupId", filters.domainGroupId);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `${ADMIN_USERS_KEY}?${query}` : ADMIN_USERS_KEY;
}

/** The user list, a page at a time; the previous list stays on screen while a new search loads. */
export function useAdminUsers(filters: UserFilters) {
  return useInfiniteQuery({
    queryKey: [ADMIN_USERS_KEY, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminUsersResponse>("GET", usersUrl(filters, pageParam), undefined, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const groupKey = (groupId: number | null) =>
  groupId === null ? ["/api/departments"] : ["/api/admin/departments", groupId];

/** Department choices per group (null: the company-wide list) for the rows on screen. */
export function useDepartmentChoices(groupIds: Array<number | null>) {
  const unique = [...new Set(groupIds)];
  const results = useQueries({
    queries: unique.map((groupId) => ({ queryKey: groupKey(groupId), staleTime: 60_000 })),
  });
  const byGroup = new Map<number | null, Department[]>();
  unique.forEach((groupId, i) => {
    byGroup.set(groupId, (results[i]?.data as Department[] | undefined) ?? []);
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
  return changes;
}

/** After a user is saved: the list, the counters and the department counts read it. */
export function refreshUserData(queryClient: QueryClient) {
  return Promise.all(
    [
      [ADMIN_USERS_KEY],
      ["/api/admin/enhanced-metrics"],
      ["/api/admin/departments"],
      ["/api/admin/pairing-validation"],
      ["/api/admin/employee-status-summary"],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
