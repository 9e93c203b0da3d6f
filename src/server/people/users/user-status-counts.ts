import { and, eq, type SQL, sql } from "drizzle-orm";
import type { UserStatusCounts } from "../../../shared/admin-users";
import type { ParticipationStatus } from "../../../shared/enums";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import type { UserListWhere } from "./user-list-filters";

/**
 * Up to this many matching people (the planner's estimate) the list's counts are exact: a count
 * that small costs a few milliseconds. Above it, counting would read every matching row on every
 * first page (a scan that grows with the company), so the counts are the planner's estimates
 * from the table's statistics, and the answer says so (docs/admin-console.md, "Users").
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The statistics are fresh enough to estimate from while under this share of rows changed. */
const FRESH_SHARE = 0.1;

export interface StatusCounts {
  counts: UserStatusCounts;
  estimated: boolean;
}

/**
 * The counts above the user table: the people the table lists (`where.all`: the search and every
 * filter, status and account included), in all and per status, and the deactivated accounts among
 * them. `where.countExactly`: a filter whose rows the planner cannot estimate (user-list-filters.ts).
 */
export async function userStatusCounts(
  ctx: AppContext,
  where: UserListWhere,
): Promise<StatusCounts> {
  const all = where.all ?? sql`true`;
  if (
    where.countExactly ||
    !(await statisticsAreFresh(ctx)) ||
    (await plannedRows(ctx, all)) <= EXACT_COUNT_LIMIT
  ) {
    return { counts: await exactCounts(ctx, all), estimated: false };
  }
  return { counts: await estimatedCounts(ctx, all, where), estimated: true };
}

async function exactCounts(ctx: AppContext, all: SQL): Promise<UserStatusCounts> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.participationStatus} = 'active'))::int`,
      paused: sql<number>`(count(*) filter (where ${users.participationStatus} = 'paused'))::int`,
      opted_out: sql<number>`(count(*) filter (where ${users.participationStatus} = 'opted_out'))::int`,
      deactivated: sql<number>`(count(*) filter (where not ${users.isActive}))::int`,
    })
    .from(users)
    .where(all);
  return row;
}

/**
 * The planner's estimates; a count the status or account filter already settles (everyone listed
 * is Paused, say, so nobody is Active) is answered without asking, so it reads 0, not an estimate.
 */
async function estimatedCounts(
  ctx: AppContext,
  all: SQL,
  { status, account }: UserListWhere,
): Promise<UserStatusCounts> {
  const total = await plannedRows(ctx, all);
  const within = async (value: ParticipationStatus) => {
    if (status) return status === value ? total : 0;
    return plannedRows(ctx, and(all, eq(users.participationStatus, value)) ?? all);
  };
  const deactivated = async () => {
    if (account) return account === "deactivated" ? total : 0;
    return plannedRows(ctx, and(all, eq(users.isActive, false)) ?? all);
  };
  return {
    total,
    active: await within("active"),
    paused: await within("paused"),
    opted_out: await within("opted_out"),
    deactivated: await deactivated(),
  };
}

/**
 * Whether the users table was analysed since its last large change. An embedded database runs no
 * autovacuum, so its statistics may never be fresh: it then counts exactly, as a small company does.
 */
async function statisticsAreFresh(ctx: AppContext): Promise<boolean> {
  const [row] = await rowsOf<{ fresh: boolean | null }>(
    ctx,
    sql`select coalesce(s.last_analyze, s.last_autoanalyze) is not null
        and s.n_mod_since_analyze <= greatest(c.reltuples, 0) * ${FRESH_SHARE} as fresh
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relid = 'users'::regclass`,
  );
  return row?.fresh === true;
}

/** How many rows of users the planner expects `where` to match (EXPLAIN, nothing read). */
async function plannedRows(ctx: AppContext, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ "QUERY PLAN": unknown }>(
    ctx,
    sql`explain (format json) select 1 from ${users} where ${where}`,
  );
  const plan = row["QUERY PLAN"];
  const parsed = typeof plan === "string" ? JSON.parse(plan) : plan;
  return Math.round(Number(parsed[0].Plan["Plan Rows"]));
}

async function rowsOf<Row>(ctx: AppContext, query: SQL): Promise<Row[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
