import type { AccountState, SignupState, UpdateAdminUserInput } from "@shared/admin-users";
import { adminUserEndpoints as endpoints } from "@shared/endpoints/admin-users";
import type { MatchingPreference, ParticipationStatus } from "@shared/enums";
import { addressOf, call } from "./request";

/** The User Management filters, as the form holds them (empty: no filter). */
export type UserFilters = {
  q: string;
  status: "" | ParticipationStatus;
  /** Active or deactivated accounts; empty: all. */
  account: "" | AccountState;
  domainGroupId: string;
  preference: "" | MatchingPreference;
  /** "2", "3" or "4"; empty: any size. */
  groupSize: string;
  /** "yes": only people the engine left out of a running pairing, still without a match. */
  satOut: "" | "yes";
  /** "yes": only people without a current match, whatever the reason. */
  noMatch: "" | "yes";
  signup: "" | SignupState;
};

export const NO_USER_FILTERS: UserFilters = {
  q: "",
  status: "",
  account: "",
  domainGroupId: "",
  preference: "",
  groupSize: "",
  satOut: "",
  noMatch: "",
  signup: "",
};

export const adminUserKeys = {
  all: [endpoints.list.path] as const,
  list: (filters: UserFilters) => [endpoints.list.path, filters] as const,
};

export const adminUsersApi = {
  /** One page of the list; `cursor` is the previous page's `nextCursor` ("" for the first). */
  page: (filters: UserFilters, cursor: string, signal?: AbortSignal) =>
    call(endpoints.list, { query: { ...filters, cursor }, signal }),
  /** The CSV of everyone the filters match, streamed by the server (the browser follows it). */
  csvUrl: (filters: UserFilters) => addressOf(endpoints.csv, undefined, filters),
  update: (userId: string, changes: UpdateAdminUserInput) =>
    call(endpoints.update, { params: { id: userId }, body: changes }),
  /** Deactivates an active account, reactivates a deactivated one. */
  setActive: (userId: string, active: boolean) =>
    call(active ? endpoints.reactivate : endpoints.deactivate, { params: { id: userId } }),
};
