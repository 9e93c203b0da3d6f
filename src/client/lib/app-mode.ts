import { DEMO_MODE_SELECTOR, SAMPLE_EMPLOYEES_SELECTOR } from "@shared/app-mode";
import { sampleDashboardSize } from "@shared/sample-size";

/** True when the server runs with DEMO=1 (it marks the served HTML). */
export function isDemoMode(): boolean {
  return typeof document !== "undefined" && document.querySelector(DEMO_MODE_SELECTOR) !== null;
}

/**
 * How many people the demo server seeded, as its HTML says, and how many of them /admin-demo
 * shows; the default size where no demo server said (another server, or a test outside a page).
 */
export function sampleCompanySize(): ReturnType<typeof sampleDashboardSize> {
  const meta =
    typeof document === "undefined" ? null : document.querySelector(SAMPLE_EMPLOYEES_SELECTOR);
  return sampleDashboardSize(meta?.getAttribute("content"));
}
