import type { FastifyRequest } from "fastify";
import type { ListQuery } from "./list-scim-users";
import { isObject } from "./scim-attributes";
import { ScimError } from "./scim-error";
import { SEARCH_SCHEMA } from "./scim-schemas";

/** The paths served under /scim/v2 and their methods, for 405 against 404. */
const ROUTED: Array<[RegExp, string[]]> = [
  [/^\/Users$/, ["GET", "POST"]],
  [/^\/(Users\/)?\.search$/, ["POST"]],
  [/^\/Users\/[^/]+$/, ["GET", "PUT", "PATCH", "DELETE"]],
  [/^\/(ServiceProviderConfig|ResourceTypes|Schemas)$/, ["GET"]],
  [/^\/(ResourceTypes|Schemas)\/[^/]+$/, ["GET"]],
];

/**
 * A request no route took: 405 with `Allow` for a served path, else 404 (`/Groups` among
 * them: only Users are provisioned, as /ResourceTypes says).
 */
export function refuseUnrouted(request: FastifyRequest): never {
  const path = request.url.split("?")[0].replace(/^\/scim\/v2/, "");
  const allowed = ROUTED.find(([pattern]) => pattern.test(path))?.[1];
  if (allowed) {
    throw new ScimError(
      405,
      `${request.method} is not allowed here; use ${allowed.join(", ")}.`,
      undefined,
      {
        Allow: allowed.join(", "),
      },
    );
  }
  if (/^\/Groups(\/|$)/.test(path)) {
    throw new ScimError(404, "Groups are not provisioned here: only Users (see /ResourceTypes).");
  }
  throw new ScimError(404, `There is no ${path || "/"} here.`);
}

/** GET /Schemas/{id} and /ResourceTypes/{id}: one of a discovery list, or 404. */
export function oneOf<T extends { id: string }>(resources: T[], id: string, what: string): T {
  const found = resources.find((resource) => resource.id === id);
  if (!found) throw new ScimError(404, `${what} ${id} not found.`);
  return found;
}

const names = (value: unknown) =>
  Array.isArray(value) ? value.filter((v) => typeof v === "string").join(",") : undefined;
const text = (value: unknown) =>
  typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined;

/**
 * POST /Users/.search and POST /.search (RFC 7644 §3.4.3): the query parameters of GET /Users, in
 * a SearchRequest. Users are the only resource type, so the root search finds the same people.
 */
export function searchQuery(body: unknown): ListQuery {
  if (!isObject(body) || !Array.isArray(body.schemas) || !body.schemas.includes(SEARCH_SCHEMA)) {
    throw new ScimError(
      400,
      `The body must be a SearchRequest (${SEARCH_SCHEMA}).`,
      "invalidSyntax",
    );
  }
  return {
    filter: text(body.filter),
    startIndex: text(body.startIndex),
    count: text(body.count),
    attributes: names(body.attributes),
    excludedAttributes: names(body.excludedAttributes),
  };
}
