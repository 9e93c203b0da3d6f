import { BuildingTab } from "./building-tab";

/** Analytics & Metrics tab of the admin dashboard; placeholder until its feature is built. */
export function MetricsTab() {
  return <BuildingTab title="Analytics & Metrics" />;
}
