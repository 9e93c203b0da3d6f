import { isIdText } from "./id-range";

/**
 * The admin dashboard's tabs, in order. Each has its own address: /admin/<section>, Operations
 * (the default) at /admin itself; the sample dashboard uses the same ones under /admin-demo.
 * The simple gallery page keeps /admin/images, so the Image Gallery tab is /admin/image-gallery.
 */
export const adminSections = [
  "operations",
  "users",
  "departments",
  "metrics",
  "whitelist",
  "email-logs",
  "image-gallery",
] as const;

export type AdminSection = (typeof adminSections)[number];

/**
 * The parts of the Operations tab, each a screen of its own: pairing (the default, at /admin
 * itself), then /admin/newsletters, /admin/people, /admin/channels and /admin/settings.
 */
export const operationsParts = [
  "pairing",
  "newsletters",
  "people",
  "channels",
  "settings",
] as const;

/**
 * Part addresses of earlier releases, still reached from bookmarks and old help links: the page
 * replaces them with the part's own address (docs/architecture.md, "Words": "chat" is the coffee
 * chat; Slack, Teams and webhooks are channels).
 */
const formerPartPaths: Readonly<Record<string, OperationsPart>> = { chat: "channels" };

/** The part an earlier release's address names (/admin/chat: channels), else null. */
export function formerPartPath(rest: string): OperationsPart | null {
  const parts = rest.split("/").filter(Boolean);
  return parts.length === 1 ? (formerPartPaths[parts[0]] ?? null) : null;
}

export type OperationsPart = (typeof operationsParts)[number];

/**
 * The sub-tabs of Analytics & Metrics, in order: User Analytics (the default, at /admin/metrics
 * itself), then /admin/metrics/matching, /admin/metrics/engagement… (docs/admin-console.md,
 * "Metrics").
 */
export const metricsSections = [
  "users",
  "matching",
  "engagement",
  "operations",
  "connections",
] as const;

export type MetricsSection = (typeof metricsSections)[number];

/**
 * Where the admin is on the dashboard: a tab and, on Operations, its part and an open newsletter
 * editor (which is on the newsletters part); on Analytics & Metrics, its sub-tab.
 */
export type AdminView = {
  section: AdminSection;
  part?: OperationsPart;
  newsletterId?: number;
  metrics?: MetricsSection;
};

/** The two dashboards sharing the tab addresses. */
export type AdminBase = "/admin" | "/admin-demo";

function isSection(value: string): value is AdminSection {
  return (adminSections as readonly string[]).includes(value);
}

/** A part with an address of its own: every part but the default. */
function isPartPath(value: string): value is OperationsPart {
  return value !== "pairing" && (operationsParts as readonly string[]).includes(value);
}

/** A metrics sub-tab with an address of its own: every one but the default. */
function isMetricsPath(value: string): value is MetricsSection {
  return value !== "users" && (metricsSections as readonly string[]).includes(value);
}

/**
 * The place on the dashboard named by the path after /admin or /admin-demo ("", "users",
 * "newsletters/12"); null when the path names no place.
 */
export function parseAdminView(rest: string): AdminView | null {
  const parts = rest.split("/").filter(Boolean);
  if (parts.length === 0) return { section: "operations" };
  const [first, second] = parts;
  if (parts.length === 1 && isSection(first)) return { section: first };
  if (parts.length === 1 && isPartPath(first)) return { section: "operations", part: first };
  if (parts.length === 2 && first === "metrics" && isMetricsPath(second)) {
    return { section: "metrics", metrics: second };
  }
  const former = formerPartPath(rest);
  if (former) return { section: "operations", part: former };
  if (parts.length === 2 && first === "newsletters" && isIdText(second)) {
    return { section: "operations", part: "newsletters", newsletterId: Number(second) };
  }
  return null;
}

/** The address of a place on the dashboard (the inverse of parseAdminView). */
export function adminViewPath(base: AdminBase, view: AdminView): string {
  if (view.newsletterId !== undefined) return `${base}/newsletters/${view.newsletterId}`;
  if (view.section === "metrics" && view.metrics !== undefined && view.metrics !== "users") {
    return `${base}/metrics/${view.metrics}`;
  }
  if (view.section !== "operations") return `${base}/${view.section}`;
  return view.part === undefined || view.part === "pairing" ? base : `${base}/${view.part}`;
}

/** Whether `pathname` is a place on either admin dashboard (/admin/users, /admin-demo/metrics…). */
export function isAdminViewPath(pathname: string): boolean {
  const match = /^\/admin(?:-demo)?(\/.*)?$/.exec(pathname);
  return match !== null && parseAdminView(match[1] ?? "") !== null;
}
