import { lazy, Suspense } from "react";
import { MetricsSkeleton } from "./metrics/metrics-skeleton";

// The charts library loads only when this tab is opened.
const MetricsPanel = lazy(async () => ({
  default: (await import("./metrics/metrics-panel")).MetricsPanel,
}));

/** Analytics & Metrics tab of the admin dashboard. */
export function MetricsTab() {
  return (
    <Suspense fallback={<MetricsSkeleton />}>
      <MetricsPanel />
    </Suspense>
  );
}
