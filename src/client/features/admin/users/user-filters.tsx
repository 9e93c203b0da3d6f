import type { UserStatusCounts } from "@shared/admin-users";
import { type MatchingPreference, matchingPreferences, participationStatuses } from "@shared/enums";
import { Search } from "lucide-react";
import type { ChangeEvent, ReactNode } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { useDomainGroups } from "../whitelist/whitelist-queries";
import { statusLabels, type UserFilters } from "./users-queries";

/** Search box and the filters of the user table, in two rows (one column on a phone). */
export function UserFiltersBar({
  search,
  onSearch,
  filters,
  onFilters,
}: {
  search: string;
  onSearch: (value: string) => void;
  filters: UserFilters;
  onFilters: (filters: UserFilters) => void;
}) {
  const groups = useDomainGroups();
  const choice = (name: keyof UserFilters) => ({
    value: filters[name],
    onChange: (e: ChangeEvent<HTMLSelectElement>) =>
      onFilters({ ...filters, [name]: e.target.value }),
  });
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Filter users</legend>
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="min-w-0 space-y-1">
          <Label htmlFor="user-search">Search users</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-coffee-600"
            />
            <Input
              id="user-search"
              type="search"
              className="pl-9"
              placeholder="Name, email or department"
              value={search}
              onChange={(e) => onSearch(e.target.value)}
            />
          </div>
        </div>
        <FilterSelect id="user-status-filter" label="Status" {...choice("status")}>
          <option value="">All statuses</option>
          {participationStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="user-account-filter" label="Account" {...choice("account")}>
          <option value="">All accounts</option>
          <option value="active">Active accounts</option>
          <option value="deactivated">Deactivated</option>
        </FilterSelect>
        <FilterSelect id="user-group-filter" label="Domain group" {...choice("domainGroupId")}>
          <option value="">All groups</option>
          {(groups.data ?? []).map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.displayName}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-4">
        <FilterSelect id="user-preference-filter" label="Preference" {...choice("preference")}>
          <option value="">All preferences</option>
          {matchingPreferences.map((p) => (
            <option key={p} value={p}>
              {preferenceLabels[p]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="user-size-filter" label="Group size" {...choice("groupSize")}>
          <option value="">All sizes</option>
          {MATCH_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {sizeLabels[size]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="user-sat-out-filter"
          label="This month"
          {...thisMonth(filters, onFilters)}
        >
          <option value="">Everyone</option>
          <option value="no-match">No current match</option>
          <option value="sat-out">Sat out of the current pairing</option>
        </FilterSelect>
        <FilterSelect id="user-signup-filter" label="Sign-up" {...choice("signup")}>
          <option value="">Everyone</option>
          <option value="done">Signed up</option>
          <option value="pending">Not signed up yet</option>
        </FilterSelect>
      </div>
    </fieldset>
  );
}

/**
 * "This month" is one choice over two filters: no current match for any reason, or only the
 * people the engine left out (a part of them).
 */
function thisMonth(filters: UserFilters, onFilters: (filters: UserFilters) => void) {
  return {
    value: filters.satOut ? "sat-out" : filters.noMatch ? "no-match" : "",
    onChange: (e: ChangeEvent<HTMLSelectElement>) =>
      onFilters({
        ...filters,
        satOut: e.target.value === "sat-out" ? "yes" : "",
        noMatch: e.target.value === "no-match" ? "yes" : "",
      }),
  };
}

/** The filters' own words for the preferences and sizes people choose on their profile. */
const preferenceLabels: Record<MatchingPreference, string> = {
  "same-department": "Same department",
  "cross-department": "Other departments only",
  any: "Anyone",
};
const MATCH_SIZES = [2, 3, 4] as const;
const sizeLabels: Record<(typeof MATCH_SIZES)[number], string> = {
  2: "One-to-one",
  3: "Groups of three",
  4: "Groups of four",
};

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={onChange}>
        {children}
      </Select>
    </div>
  );
}

/** A count as shown: "about 98,000" when it is the database's estimate. */
export function shownCount(value: number, estimated: boolean | undefined): string {
  return estimated ? `about ${value.toLocaleString("en")}` : value.toLocaleString("en");
}

/**
 * The list's footer: "Showing 50 of 120 users", "Showing all 6 users" once every one is on the
 * page, "Showing 1 user" for one. An estimated total is never "all": the page cannot know.
 */
export function showingText(shown: number, total: number, estimated: boolean | undefined) {
  if (estimated || shown < total) {
    return `Showing ${shown.toLocaleString("en")} of ${shownCount(total, estimated)} users`;
  }
  return shown === 1 ? "Showing 1 user" : `Showing all ${shown.toLocaleString("en")} users`;
}

/**
 * What the summary counts are of: said when a search or filter narrows them, since the same cards
 * count everyone until then (and Operations' cards always do).
 */
export function countsCaption(filtered: boolean): string {
  return filtered ? "Counts of the users your search and filters match." : "Counts of every user.";
}

/** The summary counts: the people the table lists, for the search and every filter. */
export function UserCounts({
  counts,
  estimated,
  filtered = false,
}: {
  counts: UserStatusCounts | undefined;
  estimated?: boolean;
  /** A search or filter narrows the list (and so the counts). */
  filtered?: boolean;
}) {
  const items = [
    { label: "Total", value: counts?.total },
    { label: "Active", value: counts?.active },
    { label: "Paused", value: counts?.paused },
    { label: "Opted Out", value: counts?.opted_out },
    { label: "Deactivated", value: counts?.deactivated },
  ];
  return (
    <section aria-label="User counts" className="space-y-2">
      <p className="text-sm text-coffee-700" aria-live="polite">
        {countsCaption(filtered)}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg border border-coffee-200 bg-coffee-50 p-3">
            <dt className="text-sm font-medium text-coffee-700">{item.label}</dt>
            <dd className="text-xl font-bold text-coffee-950">
              {item.value === undefined ? "–" : shownCount(item.value, estimated)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
