import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AdminUser, AdminUsersQuery, AdminUsersResponse } from "../../../shared/admin-users";
import { personName } from "../../../shared/person-name";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { isUuid } from "../../db/uuid";
import { departmentNameSql } from "../../directory/departments/department-name";
import { BadRequest } from "../../errors";
import { memberIdsSql } from "../../match-members/match-members";
import { readPeople } from "../../people-rows/read-people";
import { noMatchReasonsOf } from "./no-match";
import { userListWhere } from "./user-list-filters";
import { userStatusCounts } from "./user-status-counts";

/**
 * The admin user list: search, filters and keyset paging happen in SQL, and the counts are exact
 * for a few thousand people and the planner's estimates beyond (user-status-counts.ts), so a page
 * costs the same at 100 or 100,000 people. Order: lower-cased "first last", then id (the
 * `users_name_sort_idx` expression index); the cursor is the last row's (name key, id).
 */
export const nameKeySql = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** The manager's address; the outer row is named by table, as the inner one is aliased. */
const managerEmailSql = sql<string | null>`(select manager.email from ${users} manager
  where manager.id = ${users}.${sql.identifier("manager_id")} and manager.erased_at is null)`;

const BAD_CURSOR = "This page link is not valid. Please reload the list.";

/** A place in the list's order: the row after which the next page starts. */
export interface UserListPlace {
  key: string;
  id: string;
}

export async function listUsers(
  ctx: AppContext,
  query: AdminUsersQuery,
): Promise<AdminUsersResponse> {
  const where = await userListWhere(ctx, query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const { counts, estimated } = await userStatusCounts(ctx, where);
  const rows = await userRowsAfter(ctx, where.all, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    users: await withNoMatchReasons(ctx, await withCurrentMatches(ctx, page)),
    total: counts.total,
    counts,
    countsEstimated: estimated,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.nameKey, last.id) : null,
  };
}

/** Up to `limit` people matching `where`, in the list's order, after `after` when given. */
export async function userRowsAfter(
  ctx: AppContext,
  where: SQL | undefined,
  after: UserListPlace | undefined,
  limit: number,
) {
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      departmentName: departmentNameSql(users.email, users.department),
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      scimManaged: users.scimManaged,
      needsProfileSetup: users.needsProfileSetup,
      participationStatus: users.participationStatus,
      matchingPreference: users.matchingPreference,
      preferredGroupSize: users.preferredGroupSize,
      domainGroupId: sql<number | null>`${whitelistEntrySql(users.email, "domain_group_id")}`,
      managerEmail: managerEmailSql,
      office: users.office,
      meetWay: users.meetWay,
      timeZone: users.timeZone,
      nameKey: sql<string>`${nameKeySql}`,
    })
    .from(users)
    .where(
      and(
        where,
        after ? sql`(${nameKeySql}, ${users.id}) > (${after.key}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(nameKeySql), asc(users.id))
    .limit(limit);
}

type UserListRow = Awaited<ReturnType<typeof userRowsAfter>>[number];

/** The rows as the list answers them, each with the partners of its running match. */
export async function withCurrentMatches(
  ctx: AppContext,
  rows: UserListRow[],
): Promise<AdminUser[]> {
  const currentMatches = await currentMatchNames(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map(({ nameKey: _key, ...row }): AdminUser => {
    const currentMatch = currentMatches.get(row.id);
    return {
      ...row,
      domainGroupId: row.domainGroupId === null ? null : Number(row.domainGroupId),
      ...(currentMatch ? { currentMatch } : {}),
    };
  });
}

/** Each row without a current match says why (no-match.ts); the CSV leaves this out. */
async function withNoMatchReasons(ctx: AppContext, rows: AdminUser[]): Promise<AdminUser[]> {
  const reasons = await noMatchReasonsOf(
    ctx,
    rows.filter((row) => !row.currentMatch).map((row) => row.id),
  );
  return rows.map((row) => {
    const reason = reasons.get(row.id);
    return reason ? { ...row, noMatchReason: reason } : row;
  });
}

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): UserListPlace {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      isUuid(value[1]) &&
      !value[0].includes("\u0000")
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // falls through to the refusal below
  }
  throw new BadRequest(BAD_CURSOR, "invalid_cursor");
}

/** Each person's partner names in the round still running (an active pairing), e.g. "Ada Byron". */
async function currentMatchNames(
  ctx: AppContext,
  ids: string[],
): Promise<Map<string, NonNullable<AdminUser["currentMatch"]>>> {
  const result = new Map<string, NonNullable<AdminUser["currentMatch"]>>();
  if (ids.length === 0) return result;
  const rows = await ctx.db
    .select({
      month: matches.month,
      members: memberIdsSql(matches.id),
    })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(
        eq(pairings.status, "active"),
        sql`${matches.id} in (select ${matchMembers.matchId} from ${matchMembers} where ${inArray(matchMembers.userId, ids)})`,
      ),
    )
    .orderBy(asc(matches.month), asc(matches.id));
  const people = await readPeople(
    ctx.db,
    rows.flatMap((row) => row.members),
  );
  const nameOf = new Map(people.map((p) => [p.id, personName(p)]));
  const wanted = new Set(ids);
  // Rows come oldest first, so the latest round's match is the one that stays.
  for (const row of rows) {
    for (const member of row.members) {
      if (!wanted.has(member)) continue;
      const partners = row.members
        .filter((other) => other !== member)
        .map((id) => nameOf.get(id) ?? "Unknown");
      result.set(member, { match_name: partners.join(" & "), month: row.month, partners });
    }
  }
  return result;
}
