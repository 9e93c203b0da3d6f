import { CURRENT_PAIRINGS_PAGE_SIZE } from "@shared/current-pairings-query";
import { matchCountText } from "@shared/match-count-text";
import type { CurrentPairingsResponse } from "@shared/pairings";
import { Download } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { QueryState } from "../../../components/ui/query-state";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import {
  type CurrentPairingsFilters,
  NO_CURRENT_FILTERS,
  pairingsApi,
} from "../../../lib/api/admin-pairings";
import { useHasGroups } from "../use-has-groups";
import { CurrentPairingsFiltersBar } from "./current-pairings-filters";
import { useCurrentPairings } from "./pairing-queries";
import { pairingRows } from "./pairing-rows";
import { PairingsTable } from "./pairings-table";
import { SatOutList } from "./sat-out-list";

export const PAGE_SIZE = CURRENT_PAIRINGS_PAGE_SIZE;
const SEARCH_DELAY_MS = 300;

/** The browser follows the server's CSV link: every fitting match, never held in the page. */
function downloadCsv(filters: CurrentPairingsFilters) {
  const link = document.createElement("a");
  link.href = pairingsApi.currentCsvUrl(filters);
  link.download = "";
  link.click();
}

/** The typed search (applied once typing pauses), the filters, and the pages walked so far. */
function usePagedFilters() {
  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState<CurrentPairingsFilters>(NO_CURRENT_FILTERS);
  // The cursors of the pages before the one shown; its own cursor is the last ("" first).
  const [cursors, setCursors] = useState<string[]>([""]);
  // A new search or filter starts again at the first page.
  const changeFilters = (next: CurrentPairingsFilters) => {
    setFilters(next);
    setCursors([""]);
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = search.trim();
      setFilters((f) => {
        if (f.q === q) return f;
        setCursors([""]);
        return { ...f, q };
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return { search, setSearch, filters, setFilters: changeFilters, cursors, setCursors };
}

const totalOf = (data: CurrentPairingsResponse | undefined) =>
  Object.values(data?.matchCounts ?? {}).reduce((a, b) => a + b, 0);

/** Under "Left without a partner": who sat out of each shown pairing, to place by hand. */
function SatOutPeople({
  data,
  pairingId,
}: {
  data: CurrentPairingsResponse;
  pairingId: number | null;
}) {
  const shown = data.pairings.filter((p) => pairingId === null || p.id === pairingId);
  return shown.map((p) => (
    <SatOutList key={p.id} pairing={p} people={data.satOut.filter((s) => s.pairingId === p.id)} />
  ));
}

/**
 * The current-pairings view: the active pairings' matches in one wide table (names, departments,
 * e-mails, the match's status and each person's answer), searched, filtered and paged by the
 * server (docs/pairings.md, "Current pairings"), and exportable as CSV.
 */
export function CurrentPairingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { search, setSearch, filters, setFilters, cursors, setCursors } = usePagedFilters();
  const cursor = cursors[cursors.length - 1] ?? "";
  const current = useCurrentPairings(filters, cursor, PAGE_SIZE);
  const { groups } = useHasGroups();
  const rows = useMemo(() => pairingRows(current.data, { groups }), [current.data, groups]);
  const all = totalOf(current.data);
  const count = current.data?.pairings.length ?? 0;
  const found = current.data?.total ?? 0;
  const page = cursors.length - 1;
  const first = found === 0 ? 0 : page * PAGE_SIZE + 1;
  const pages = Math.max(1, Math.ceil(found / PAGE_SIZE));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto max-sm:w-[calc(100%-1rem)] sm:max-w-6xl">
        <DialogHeader>
          <DialogTitle>Current Pairings</DialogTitle>
          <DialogDescription>
            {matchCountText(all)} in {count} active {count === 1 ? "pairing" : "pairings"}
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={current}
          failure="Failed to load pairing data"
          empty="No matches found for this pairing."
          loading={
            <LoadingRegion label="Loading pairing data..." className="grid gap-2">
              {["a", "b", "c", "d"].map((k) => (
                <Skeleton key={k} className="h-10 w-full" />
              ))}
            </LoadingRegion>
          }
          isEmpty={(data) => totalOf(data) === 0}
        >
          {(data) => (
            <div className="grid min-w-0 gap-3" aria-busy={current.isFetching}>
              <div className="flex flex-wrap items-end gap-3">
                <CurrentPairingsFiltersBar
                  search={search}
                  onSearch={setSearch}
                  filters={filters}
                  onFilters={setFilters}
                  pairings={data.pairings}
                />
                <Button variant="outline" onClick={() => downloadCsv(filters)}>
                  <Download aria-hidden="true" />
                  Export CSV
                </Button>
              </div>
              <p role="status" className="text-sm text-coffee-700">
                {found === 0
                  ? "No matches fit your search."
                  : `Showing ${first}–${first + rows.length - 1} of ${matchCountText(found)}`}
              </p>
              {rows.length > 0 && <PairingsTable rows={rows} />}
              {filters.status === "alone" && page === 0 && (
                <SatOutPeople data={data} pairingId={filters.pairingId} />
              )}
              {pages > 1 && (
                <PagesNav
                  page={page}
                  pages={pages}
                  busy={current.isFetching}
                  onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
                  onNext={() => {
                    const next = data.nextCursor;
                    if (next) setCursors((c) => [...c, next]);
                  }}
                  hasNext={Boolean(data.nextCursor)}
                />
              )}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function PagesNav({
  page,
  pages,
  busy,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  pages: number;
  busy: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page === 0 || busy} onClick={onPrevious}>
        Previous
      </Button>
      <span className="text-sm text-coffee-700">
        Page {page + 1} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={onNext}>
        Next
      </Button>
    </nav>
  );
}
