import { isAdminViewPath } from "./admin-routes";
import { HELP_INDEX_PATH, isHelpSlug } from "./help-pages";

/**
 * Every client-side route of the single-page app. The server serves index.html for these paths;
 * any other non-API path is answered by the client's not-found page.
 */
export const clientRoutes = [
  "/",
  "/auth",
  "/auth/code",
  "/auth-success",
  "/magic-auth",
  "/simple-auth",
  "/company-inquiry",
  "/demo",
  "/admin-demo",
  "/admin-login",
  "/setup",
  "/set-password",
  "/home",
  "/matches",
  "/profile",
  "/profile-setup",
  "/admin",
  "/admin/images",
  "/admin-image-manager",
  "/unsubscribe",
  "/check-in",
  "/still-in",
  "/not-away",
  "/book-time",
  "/test-email",
  "/help",
] as const;

export type ClientRoute = (typeof clientRoutes)[number];

/** Named access to the same paths, for links and redirects. */
export const paths = {
  landing: "/",
  auth: "/auth",
  authCode: "/auth/code",
  authSuccess: "/auth-success",
  magicAuth: "/magic-auth",
  simpleAuth: "/simple-auth",
  companyInquiry: "/company-inquiry",
  demo: "/demo",
  adminDemo: "/admin-demo",
  adminLogin: "/admin-login",
  setup: "/setup",
  setPassword: "/set-password",
  home: "/home",
  matches: "/matches",
  profile: "/profile",
  profileSetup: "/profile-setup",
  admin: "/admin",
  adminImages: "/admin/images",
  adminImageManager: "/admin-image-manager",
  unsubscribe: "/unsubscribe",
  checkIn: "/check-in",
  stillIn: "/still-in",
  notAway: "/not-away",
  bookTime: "/book-time",
  testEmail: "/test-email",
  help: "/help",
} as const satisfies Record<string, ClientRoute>;

/** The Profile's "Time zone and working hours" card, as `${paths.profile}#…` (docs/profile.md). */
export const PROFILE_TIME_ZONE_ANCHOR = "time-zone";

/**
 * Addresses people are likely to type or keep from elsewhere, and the page each leads to.
 * /dashboard is not here: where it leads depends on who is signed in (the client decides).
 */
export const routeAliases: Readonly<Record<string, ClientRoute | `/admin/${string}`>> = {
  "/login": "/auth",
  "/signin": "/auth",
  "/sign-in": "/auth",
  "/admin/login": "/admin-login",
  "/admin-dashboard": "/admin",
  "/admin/dashboard": "/admin",
  "/admin/operations": "/admin",
  "/admin/pairings": "/admin",
  "/admin/admin-tools": "/admin/users",
  "/admin/user-management": "/admin/users",
  "/admin/email-whitelist": "/admin/whitelist",
  "/admin/analytics": "/admin/metrics",
  "/match": "/matches",
  "/settings": "/profile",
};

/** The address that sends each person to their own start page (admin, employee or sign-in). */
export const DASHBOARD_ALIAS = "/dashboard";

/**
 * Whether the app has a page at `pathname`: a route above, a place on an admin dashboard
 * (/admin/users, /admin/newsletters/12), a help page (/help/chat) or an alias that leads to one.
 */
export function isClientRoute(pathname: string): boolean {
  return (
    (clientRoutes as readonly string[]).includes(pathname) ||
    isAdminViewPath(pathname) ||
    isHelpPagePath(pathname) ||
    Object.hasOwn(routeAliases, pathname) ||
    pathname === DASHBOARD_ALIAS
  );
}

/** A help page's address: /help/ and a slug of the list in src/shared/help-pages.ts. */
function isHelpPagePath(pathname: string): boolean {
  const prefix = `${HELP_INDEX_PATH}/`;
  return pathname.startsWith(prefix) && isHelpSlug(pathname.slice(prefix.length));
}
