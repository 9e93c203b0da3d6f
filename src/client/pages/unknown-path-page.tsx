import { routeAliases } from "@shared/routes";
import { Navigate, useLocation } from "react-router";
import { NotFoundPage } from "./not-found-page";

/**
 * Any path without its own route: a likely address (/login, /admin/admin-tools…) leads to its
 * page, anything else is not found. Loaded on demand, with the route table and the not-found
 * page, so neither is in the landing page's bundle (see routes.tsx).
 */
export function UnknownPathPage() {
  const { pathname, search } = useLocation();
  const path = pathname.replace(/(.)\/+$/, "$1");
  const target = Object.hasOwn(routeAliases, path) ? routeAliases[path] : undefined;
  return target ? <Navigate to={`${target}${search}`} replace /> : <NotFoundPage />;
}
