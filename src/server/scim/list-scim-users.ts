import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { ScimError } from "./scim-error";
import { LIST_SCHEMA } from "./scim-schemas";
import { presentScimUser, scimUsersQuery } from "./scim-user-rows";

export const MAX_PAGE = 200;
const FILTER = /^\s*([A-Za-z][\w.:[\]" -]*?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * `attribute eq "value"` for the attributes providers look people up by: userName,
 * emails.value (also `emails[type eq "work"].value`), externalId and id. userName and the
 * address compare ignoring case (RFC 7643 gives userName caseExact false).
 */
export function filterCondition(filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === "") return undefined;
  const match = FILTER.exec(filter);
  if (!match) throw invalidFilter(filter);
  const attribute = match[1].toLowerCase().replace(/\s+/g, " ");
  const value = match[2].replace(/\\(.)/g, "$1");
  switch (attribute) {
    case "username":
      return sql`lower(${users.scimUserName}) = ${value.toLowerCase()}`;
    case "emails.value":
    case "emails":
    case 'emails[type eq "work"].value':
      return eq(users.email, value.trim().toLowerCase());
    case "externalid":
      return eq(users.scimExternalId, value);
    case "id":
      return /^[0-9a-f-]{36}$/i.test(value) ? eq(users.id, value) : sql`false`;
    default:
      throw invalidFilter(filter);
  }
}

function invalidFilter(filter: string) {
  return new ScimError(
    400,
    `The filter "${filter}" is not supported: use userName, emails.value or externalId with eq.`,
    "invalidFilter",
  );
}

function pageNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^-?\d+$/.test(raw))
    throw new ScimError(400, `${name} must be a whole number.`, "invalidValue");
  return Number(raw);
}

/** GET /Users: the provisioned people, filtered, in creation order, paged by startIndex (from 1) and count. */
export async function listScimUsers(
  ctx: AppContext,
  query: { filter?: string; startIndex?: string; count?: string },
) {
  const where = and(eq(users.scimManaged, true), filterCondition(query.filter));
  const startIndex = Math.max(1, pageNumber(query.startIndex, "startIndex", 1));
  const size = Math.min(MAX_PAGE, Math.max(0, pageNumber(query.count, "count", 100)));
  const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
  const rows =
    size === 0
      ? []
      : await scimUsersQuery(ctx.db)
          .where(where)
          .orderBy(users.createdAt, users.id)
          .limit(size)
          .offset(startIndex - 1);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total?.n ?? 0,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => presentScimUser(row, ctx.config.appUrl)),
  };
}
