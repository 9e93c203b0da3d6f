import { Download, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { useCurrentPairings } from "./pairing-queries";
import { filterRows, type PairingRow, pairingRows, pairingsCsv } from "./pairing-rows";
import { PairingsTable } from "./pairings-table";

export const PAGE_SIZE = 50;

function downloadCsv(rows: PairingRow[]) {
  const blob = new Blob([pairingsCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `current-pairings-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The current-pairings view: every match of the active pairings in one wide table (names,
 * departments, e-mails, the match's status and each person's answer), searchable, paged and
 * exportable as CSV.
 */
export function CurrentPairingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = useCurrentPairings();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const rows = useMemo(() => pairingRows(current.data), [current.data]);
  const found = useMemo(() => filterRows(rows, query), [rows, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shown = found.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const first = found.length === 0 ? 0 : page * PAGE_SIZE + 1;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] w-[calc(100vw-1rem)] max-w-6xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Current Pairings</DialogTitle>
          <DialogDescription>
            {rows.length} {rows.length === 1 ? "match" : "matches"} in{" "}
            {current.data?.pairings.length ?? 0} active{" "}
            {current.data?.pairings.length === 1 ? "pairing" : "pairings"}
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
          isEmpty={() => rows.length === 0}
        >
          {() => (
            <div className="grid min-w-0 gap-3">
              <div className="flex flex-wrap items-end gap-3">
                <SearchField
                  value={query}
                  onChange={(value) => {
                    setQuery(value);
                    setPage(0);
                  }}
                />
                <Button variant="outline" onClick={() => downloadCsv(found)}>
                  <Download aria-hidden="true" />
                  Export CSV
                </Button>
              </div>
              <p role="status" className="text-sm text-coffee-700">
                {found.length === 0
                  ? "No matches fit your search."
                  : `Showing ${first}–${first + shown.length - 1} of ${found.length} ${found.length === 1 ? "match" : "matches"}`}
              </p>
              {shown.length > 0 && <PairingsTable rows={shown} />}
              {pages > 1 && <PagesNav page={page} pages={pages} onPage={setPage} />}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const searchId = useId();
  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <Label htmlFor={searchId}>Search names, e-mails and departments</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-coffee-600"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

function PagesNav({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-coffee-700">
        Page {page + 1} of {pages}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
