import { adminUsersFilterSchema } from "@shared/admin-users";
import { NO_USER_FILTERS, type UserFilters } from "../../../lib/api/admin-users";

const filterNames = Object.keys(NO_USER_FILTERS) as (keyof UserFilters)[];

/**
 * The User Management filters an address's query string holds (/admin/users?status=paused&q=ann),
 * by the names the list's API reads. A value the server would refuse or read as no filter (a
 * bookmark of an older release, a hand-typed "all") is left out, so the page never asks with it.
 */
export function filtersFromSearch(params: URLSearchParams): UserFilters {
  const filters: Record<keyof UserFilters, string> = { ...NO_USER_FILTERS };
  for (const name of filterNames) {
    const value = (params.get(name) ?? "").trim();
    const read = adminUsersFilterSchema.shape[name].safeParse(value);
    if (value && read.success && read.data !== undefined) filters[name] = value;
  }
  return filters as UserFilters;
}

/** The query string that holds `filters`: the ones set, in the form's order (the inverse). */
export function searchOfFilters(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  return params;
}
