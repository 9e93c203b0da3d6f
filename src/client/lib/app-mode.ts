import { DEMO_MODE_SELECTOR } from "@shared/app-mode";

/** True when the server runs with DEMO=1 (it marks the served HTML). */
export function isDemoMode(): boolean {
  return typeof document !== "undefined" && document.querySelector(DEMO_MODE_SELECTOR) !== null;
}
