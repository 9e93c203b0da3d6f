import type { UserStatusCounts } from "@shared/admin-users";
import { participationStatuses } from "@shared/enums";
import { Search } from "lucide-react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { useDomainGroups } from "../whitelist/whitelist-queries";
import { statusLabels, type UserFilters } from "./users-queries";

/** Search box, status and group filters of the user table. */
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
  return (
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
      <div className="min-w-0 space-y-1">
        <Label htmlFor="user-status-filter">Status</Label>
        <Select
          id="user-status-filter"
          value={filters.status}
          onChange={(e) =>
            onFilters({ ...filters, status: e.target.value as UserFilters["status"] })
          }
        >
          <option value="">All statuses</option>
          {participationStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="user-account-filter">Account</Label>
        <Select
          id="user-account-filter"
          value={filters.account}
          onChange={(e) =>
            onFilters({ ...filters, account: e.target.value as UserFilters["account"] })
          }
        >
          <option value="">All accounts</option>
          <option value="active">Active accounts</option>
          <option value="deactivated">Deactivated</option>
        </Select>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="user-group-filter">Domain group</Label>
        <Select
          id="user-group-filter"
          value={filters.domainGroupId}
          onChange={(e) => onFilters({ ...filters, domainGroupId: e.target.value })}
        >
          <option value="">All groups</option>
          {(groups.data ?? []).map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.displayName}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** A count as shown: "about 98,000" when it is the database's estimate. */
export function shownCount(value: number, estimated: boolean | undefined): string {
  return estimated ? `about ${value.toLocaleString("en")}` : String(value);
}

/** The summary counts for the current search and group. */
export function UserCounts({
  counts,
  estimated,
}: {
  counts: UserStatusCounts | undefined;
  estimated?: boolean;
}) {
  const items = [
    { label: "Total", value: counts?.total },
    { label: "Active", value: counts?.active },
    { label: "Paused", value: counts?.paused },
    { label: "Opted Out", value: counts?.opted_out },
    { label: "Deactivated", value: counts?.deactivated },
  ];
  return (
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
  );
}
