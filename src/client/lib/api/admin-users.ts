import type { AccountState, UpdateAdminUserInput } from "@shared/admin-users";
import { adminUserEndpoints as endpoints } from "@shared/endpoints/admin-users";
import type { ParticipationStatus } from "@shared/enums";
import { call } from "./request";

/** The User Management filters, as the form holds them (empty: no filter). */
export type UserFilters = {
  q: string;
  status: "" | ParticipationStatus;
  /** Active or deactivated accounts; empty: all. */
  account: "" | AccountState;
  domainGroupId: string;
};

export const adminUserKeys = {
  all: [endpoints.list.path] as const,
  list: (filters: UserFilters) => [endpoints.list.path, filters] as const,
};

export const adminUsersApi = {
  /** One page of the list; `cursor` is the previous page's `nextCursor` ("" for the first). */
  page: (filters: UserFilters, cursor: string, signal?: AbortSignal) =>
    call(endpoints.list, { query: { ...filters, cursor }, signal }),
  update: (userId: string, changes: UpdateAdminUserInput) =>
    call(endpoints.update, { params: { id: userId }, body: changes }),
  /** Deactivates an active account, reactivates a deactivated one. */
  setActive: (userId: string, active: boolean) =>
    call(active ? endpoints.reactivate : endpoints.deactivate, { params: { id: userId } }),
};
