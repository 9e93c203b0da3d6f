/** Placeholder boxes while the metrics (or the charts' code) load. */
export function MetricsSkeleton() {
  return (
    <div role="status" aria-label="Loading metrics..." className="space-y-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg bg-coffee-100" />
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-xl bg-coffee-100" />
    </div>
  );
}
