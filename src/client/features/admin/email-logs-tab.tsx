import { BuildingTab } from "./building-tab";

/** Email Send Logs tab of the admin dashboard; placeholder until its feature is built. */
export function EmailLogsTab() {
  return <BuildingTab title="Email Send Logs" />;
}
