import type {
  AccountChangeResponse,
  AccountState,
  AdminUsersResponse,
  UpdateAdminUserInput,
} from "@shared/admin-users";
import type { ParticipationStatus } from "@shared/enums";
import { apiRequest } from "../api-client";
import { getJson, segment, withQuery } from "./request";

const ADMIN_USERS = "/api/admin/users";

/** The User Management filters, as the form holds them (empty: no filter). */
export type UserFilters = {
  q: string;
  status: "" | ParticipationStatus;
  /** Active or deactivated accounts; empty: all. */
  account: "" | AccountState;
  domainGroupId: string;
};

export const adminUserKeys = {
  all: [ADMIN_USERS] as const,
  list: (filters: UserFilters) => [ADMIN_USERS, filters] as const,
};

export const adminUsersApi = {
  /** One page of the list; `cursor` is the previous page's `nextCursor` ("" for the first). */
  page: (filters: UserFilters, cursor: string, signal?: AbortSignal) =>
    getJson<AdminUsersResponse>(withQuery(ADMIN_USERS, { ...filters, cursor }), signal),
  update: (userId: string, changes: UpdateAdminUserInput) =>
    apiRequest<unknown>("PATCH", `${ADMIN_USERS}/${segment(userId)}`, changes),
  /** Deactivates an active account, reactivates a deactivated one. */
  setActive: (userId: string, active: boolean) =>
    apiRequest<AccountChangeResponse>(
      "POST",
      `${ADMIN_USERS}/${segment(userId)}/${active ? "reactivate" : "deactivate"}`,
    ),
};
