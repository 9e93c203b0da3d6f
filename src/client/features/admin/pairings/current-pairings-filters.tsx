import type { PairingSummary } from "@shared/pairings";
import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import type { CurrentPairingsFilters } from "../../../lib/api/admin-pairings";
import { useHasGroups } from "../use-has-groups";
import { pairingTitle } from "./current-pairings-list";
import { LEFT_ALONE } from "./pairing-rows";

const statusChoices: Array<{ value: CurrentPairingsFilters["status"]; label: string }> = [
  { value: "", label: "All matches" },
  { value: "alone", label: LEFT_ALONE },
  { value: "away", label: "Someone can no longer meet" },
];

/** The dialog's search box, and its filters by status and, with several running, by pairing. */
export function CurrentPairingsFiltersBar({
  search,
  onSearch,
  filters,
  onFilters,
  pairings,
}: {
  search: string;
  onSearch: (value: string) => void;
  filters: CurrentPairingsFilters;
  onFilters: (filters: CurrentPairingsFilters) => void;
  pairings: PairingSummary[];
}) {
  const id = useId();
  const named = useHasGroups();
  return (
    <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-[2fr_1fr] lg:grid-cols-[2fr_1fr_1fr]">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-search`}>Search names, e-mails and departments</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-coffee-600"
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-status`}>Show</Label>
        <Select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) =>
            onFilters({
              ...filters,
              status: event.target.value as CurrentPairingsFilters["status"],
            })
          }
        >
          {statusChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </div>
      {pairings.length > 1 && (
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-pairing`}>Pairing</Label>
          <Select
            id={`${id}-pairing`}
            value={filters.pairingId === null ? "" : String(filters.pairingId)}
            onChange={(event) =>
              onFilters({
                ...filters,
                pairingId: event.target.value ? Number(event.target.value) : null,
              })
            }
          >
            <option value="">All pairings</option>
            {pairings.map((p) => (
              <option key={p.id} value={p.id}>
                {pairingTitle(p, named)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
