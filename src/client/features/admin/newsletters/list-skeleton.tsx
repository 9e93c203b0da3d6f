import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";

/** Placeholder cards while a list of newsletters or logs loads. */
export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="grid gap-2 rounded-lg border border-coffee-200 p-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-9 w-40" />
        </div>
      ))}
    </LoadingRegion>
  );
}
