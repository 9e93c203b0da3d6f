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

/** Where the admin is on the dashboard: a tab and, on Operations, an open newsletter editor. */
export type AdminView = { section: AdminSection; newsletterId?: number };

/** The two dashboards sharing the tab addresses. */
export type AdminBase = "/admin" | "/admin-demo";

function isSection(value: string): value is AdminSection {
  return (adminSections as readonly string[]).includes(value);
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
  if (parts.length === 2 && first === "newsletters" && isIdText(second)) {
    return { section: "operations", newsletterId: Number(second) };
  }
  return null;
}

/** The address of a place on the dashboard (the inverse of parseAdminView). */
export function adminViewPath(base: AdminBase, view: AdminView): string {
  if (view.newsletterId !== undefined) return `${base}/newsletters/${view.newsletterId}`;
  return view.section === "operations" ? base : `${base}/${view.section}`;
}

/** Whether `pathname` is a place on either admin dashboard (/admin/users, /admin-demo/metrics…). */
export function isAdminViewPath(pathname: string): boolean {
  const match = /^\/admin(?:-demo)?(\/.*)?$/.exec(pathname);
  return match !== null && parseAdminView(match[1] ?? "") !== null;
}
