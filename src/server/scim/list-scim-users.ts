import { and, count, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { ScimError } from "./scim-error";
import { filterCondition } from "./scim-filter";
import { type Projection, projectResource } from "./scim-projection";
import { LIST_SCHEMA } from "./scim-schemas";
import { presentScimUser, scimUsersQuery } from "./scim-user-rows";

export const MAX_PAGE = 200;
/** Past this no page can start (PostgreSQL's offsets are 64-bit; nobody has this many people). */
const MAX_START_INDEX = 2_147_483_647;

export type ListQuery = Projection & { filter?: string; startIndex?: string; count?: string };

/** RFC 7644 §3.4.2.4: a whole number; below 1 counts as 1 (startIndex) or 0 (count). */
function pageNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > MAX_START_INDEX) {
    throw new ScimError(
      400,
      `${name} must be a whole number up to ${MAX_START_INDEX}.`,
      "invalidValue",
    );
  }
  return value;
}

/** GET /Users: the provisioned people, filtered, in creation order, paged by startIndex (from 1) and count. */
export async function listScimUsers(ctx: AppContext, query: ListQuery) {
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
    Resources: rows.map((row) => projectResource(presentScimUser(row, ctx.config.appUrl), query)),
  };
}
