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
  "/home",
  "/matches",
  "/profile",
  "/profile-setup",
  "/admin",
  "/admin/images",
  "/admin-image-manager",
  "/unsubscribe",
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
  home: "/home",
  matches: "/matches",
  profile: "/profile",
  profileSetup: "/profile-setup",
  admin: "/admin",
  adminImages: "/admin/images",
  adminImageManager: "/admin-image-manager",
  unsubscribe: "/unsubscribe",
} as const satisfies Record<string, ClientRoute>;

export function isClientRoute(pathname: string): pathname is ClientRoute {
  return (clientRoutes as readonly string[]).includes(pathname);
}
