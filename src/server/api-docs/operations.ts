import { allEndpointTables } from "../../shared/endpoints/all-tables";
import { isAdminRoute } from "../auth/guards";

/** Who may call an operation: nobody in particular, a signed-in person, or an admin. */
type Access = "public" | "session" | "admin";

/** What the document says of one operation beside its schemas (docs/api.md, "The OpenAPI document"). */
export interface OperationInfo {
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
}

/** "adminUserEndpoints" → "Admin user": the name the endpoint table gives its feature. */
function tagName(tableName: string): string {
  const words = tableName
    .replace(/Endpoints$/, "")
    .replace(/([A-Z])/g, " $1")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "sendPasswordLink" → "send password link". */
const words = (key: string) => key.replace(/([A-Z])/g, " $1").toLowerCase();
const capitalised = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Routes outside the endpoint tables (files, pages, the health check) share one section. */
const OTHER_ROUTES = "Pages, files and health";

/** The routes outside the endpoint tables, each written here once. */
const otherRoutes: Record<string, Omit<OperationInfo, "tag">> = {
  "GET /api/health": {
    operationId: "health",
    summary: "Whether the server is ready",
    access: "public",
  },
  "GET /completed_pairings/:fileName": {
    operationId: "completedPairingDownload",
    summary: "Download a completed pairing's record",
    access: "admin",
  },
  "POST /unsubscribe": {
    operationId: "oneClickUnsubscribe",
    summary: "One-click unsubscribe from a newsletter e-mail's link (RFC 8058)",
    access: "public",
  },
  "GET /uploads/:filename": {
    operationId: "profilePhoto",
    summary: "A profile photo (public: e-mails show it)",
    access: "public",
  },
  "GET /admin-images/:filename": {
    operationId: "galleryImage",
    summary: "An image of the admins' gallery (public: e-mails show it)",
    access: "public",
  },
};

/**
 * "GET /api/matches/current" → its operationId ("matchCurrent": the table's feature and the
 * endpoint's key), summary ("Match: current"), section and access, all read from the endpoint
 * table, where each endpoint is written once.
 */
const operationOfRoute = new Map<string, OperationInfo>(
  Object.entries(allEndpointTables).flatMap(([tableName, table]) =>
    Object.entries(table).map(([key, e]) => {
      const feature = tableName.replace(/Endpoints$/, "");
      const tag = tagName(tableName);
      const access: Access =
        "access" in e && e.access ? e.access : isAdminRoute(e.path) ? "admin" : "session";
      return [
        `${e.method} ${e.path}`,
        {
          operationId: `${feature}${capitalised(key)}`,
          summary: `${tag}: ${words(key)}`,
          tag,
          access,
        },
      ] as const;
    }),
  ),
);

/** What the document says of the route `METHOD url` (Fastify's `:name` paths). */
export function operationOf(method: string, url: string): OperationInfo {
  const key = `${method} ${url}`;
  const found = operationOfRoute.get(key);
  if (found) return found;
  const other = otherRoutes[key];
  if (other) return { ...other, tag: OTHER_ROUTES };
  // A route neither table knows: still named, and guarded as the server guards it.
  return {
    operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string) => (c ?? "").toUpperCase())}`,
    summary: `${method} ${url}`,
    tag: OTHER_ROUTES,
    access: isAdminRoute(url) ? "admin" : "public",
  };
}

/** The security schemes of components.securitySchemes, by access. */
export const securityOf: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  session: [{ session: [] }],
  admin: [{ adminSession: [] }, { apiToken: [] }],
};
