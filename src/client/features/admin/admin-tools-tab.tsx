import { BuildingTab } from "./building-tab";

/** Admin Tools tab of the admin dashboard; placeholder until its feature is built. */
export function AdminToolsTab() {
  return <BuildingTab title="Admin Tools" />;
}
