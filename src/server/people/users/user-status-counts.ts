import { and, eq, type SQL, sql } from "drizzle-orm";
import type { UserStatusCounts } from "../../../shared/admin-users";
import type { ParticipationStatus } from "../../../shared/enums";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";

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
 * The per-status counts of the people matching `base` (search, group, not erased), each within
 * `account` (active or deactivated accounts) where given; `deactivated` ignores `account`.
 * `exactly`: a filter whose rows the planner cannot estimate (user-list-filters.ts).
 */
export async function userStatusCounts(
  ctx: AppContext,
  base: SQL | undefined,
  account: SQL | undefined,
  exactly = false,
): Promise<StatusCounts> {
  const where = base ?? sql`true`;
  if (
    exactly ||
    !(await statisticsAreFresh(ctx)) ||
    (await plannedRows(ctx, where)) <= EXACT_COUNT_LIMIT
  ) {
    return { counts: await exactCounts(ctx, where, account), estimated: false };
  }
  const within = (status?: ParticipationStatus) =>
    plannedRows(
      ctx,
      and(where, account, status ? eq(users.participationStatus, status) : undefined) ?? where,
    );
  return {
    counts: {
      total: await within(),
      active: await within("active"),
      paused: await within("paused"),
      opted_out: await within("opted_out"),
      deactivated: await plannedRows(ctx, and(where, eq(users.isActive, false)) ?? where),
    },
    estimated: true,
  };
}

async function exactCounts(
  ctx: AppContext,
  where: SQL,
  account: SQL | undefined,
): Promise<UserStatusCounts> {
  const inAccount = account ?? sql`true`;
  const [row] = await ctx.db
    .select({
      total: sql<number>`(count(*) filter (where ${inAccount}))::int`,
      active: sql<number>`(count(*) filter (where ${users.participationStatus} = 'active' and ${inAccount}))::int`,
      paused: sql<number>`(count(*) filter (where ${users.participationStatus} = 'paused' and ${inAccount}))::int`,
      opted_out: sql<number>`(count(*) filter (where ${users.participationStatus} = 'opted_out' and ${inAccount}))::int`,
      deactivated: sql<number>`(count(*) filter (where not ${users.isActive}))::int`,
    })
    .from(users)
    .where(where);
  return row;
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
