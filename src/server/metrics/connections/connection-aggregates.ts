import { sql } from "drizzle-orm";
import { REACH_BUCKETS } from "../../../shared/connections";
import { DEPARTMENT_NOT_SET } from "../../../shared/metric-figures";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { Tx } from "../../db/client";
import {
  departmentNameInGroupSql,
  namedByGroupSql,
} from "../../directory/departments/department-name";
import { chatHappenedOfMembersSql } from "../matches-with-answers";

/**
 * One row of the Connections aggregate; which columns mean what depends on `kind`:
 * - `cell` d1, d2: ordered member pairs of the period's matches (a) and chats (b), and the
 *   distinct d1 people in them (c, d);
 * - `month` month, d1: ordered member pairs of the month's chats within d1 (a) and from d1 to
 *   another department (b); d1 people in those chats (c); d1 people matched that month (d);
 * - `dept` d1: d1 people in the period's chats (c) and matches (d);
 * - `link` month, d1 < d2: the two departments met in a chat that month;
 * - `reach`: median (a) and 90th percentile (b) of colleagues met, people matched (c);
 * - `bucket` d1 = the bar's index: people whose reach falls in it (a);
 * - `chats`: chats that happened (a), of them across departments (b), people in them (c).
 */
export interface AggregateRow {
  kind: "cell" | "month" | "dept" | "link" | "reach" | "bucket" | "chats";
  month: string | null;
  d1: string | null;
  d2: string | null;
  a: number | null;
  b: number | null;
  c: number | null;
  d: number | null;
}

export interface ConnectionScope {
  from: string;
  to: string;
  domainGroupId: number | null;
}

const bucketSql = sql.raw(
  `case ${REACH_BUCKETS.map(
    (b, i) => `when n >= ${b.min}${b.max === null ? "" : ` and n <= ${b.max}`} then ${i}`,
  ).join(" ")} end`,
);

/**
 * The Connections figures as aggregates, in one statement (docs/performance.md, "Connections"):
 * the department name people read, looked up once per stored key (and per whitelist group only
 * for keys whose lists disagree) and numbered; the scope's matches read once with their members,
 * grouped per match into whether its chat happened (the one definition of
 * src/shared/chat-happened.ts, as the other metrics count it) and arrays of its members and their
 * department numbers; every ordered pair of members of one match taken from those arrays (no
 * self-join); and from those the small tables the figures are made of, named again at the end.
 * Only these small tables reach Node.
 */
export async function connectionAggregates(
  tx: Tx,
  scope: ConnectionScope,
): Promise<AggregateRow[]> {
  const group =
    scope.domainGroupId === null
      ? sql``
      : sql`and pairings.domain_group_id = ${scope.domainGroupId}`;
  const result = await tx.execute(sql`
    with keyed as not materialized (
      select u.id, coalesce(u.department, '') as key,
        coalesce((case when u.department in ${namedByGroupSql}
          then ${whitelistEntrySql(sql`u.email`, "domain_group_id")} end), 0) as grp
      from users u
    ),
    names as materialized (
      select k.key, k.grp,
        coalesce(${departmentNameInGroupSql(sql`nullif(k.grp, 0)`, sql`nullif(k.key, '')`)},
          ${DEPARTMENT_NOT_SET}) collate "C" as dept
      from (select distinct key, grp from keyed) k
    ),
    depts as materialized (
      select dept, (row_number() over (order by dept))::int as d
      from (select distinct dept from names) n
    ),
    scoped as materialized (
      select matches.id, matches.month, ${chatHappenedOfMembersSql} as happened,
        array_agg(keyed.id) as us, array_agg(depts.d) as ds
      from matches
      join pairings on pairings.id = matches.pairing_id
      join match_members on match_members.match_id = matches.id
      join keyed on keyed.id = match_members.user_id
      join names on names.key = keyed.key and names.grp = keyed.grp
      join depts on depts.dept = names.dept
      where matches.month between ${scope.from} and ${scope.to} ${group}
      group by matches.id
    ),
    pairs as materialized (
      select s.month, s.happened, s.us[i] as u1, s.us[j] as u2, s.ds[i] as d1, s.ds[j] as d2
      from scoped s, generate_subscripts(s.us, 1) i, generate_subscripts(s.us, 1) j
      where i <> j
    ),
    person as materialized (
      select x.u, x.d, bool_or(s.happened) as chatted, bool_or(cardinality(s.us) > 1) as paired,
        bool_or(s.happened and cardinality(s.us) > 1) as chatted_paired
      from scoped s, unnest(s.us, s.ds) as x(u, d)
      group by x.u, x.d
    ),
    cell_people as (
      select d1, d2, count(*) as matched, count(*) filter (where happened) as met
      from pairs group by d1, d2, u1
    ),
    month_people as (
      select month, d1, u1,
        count(*) filter (where happened and d1 = d2) as internal,
        count(*) filter (where happened and d1 <> d2) as external
      from pairs group by month, d1, u1
    ),
    reach as materialized (
      select p.u, coalesce(r.n, 0) as n
      from person p
      left join (select u1, count(*) as n from (select distinct u1, u2 from pairs where happened) x
        group by u1) r on r.u1 = p.u
    ),
    figures as (
      select 'cell' as kind, null as month, d1, d2, sum(matched)::int as a, sum(met)::int as b,
        count(*)::int as c, (count(*) filter (where met > 0))::int as d
        from cell_people group by d1, d2
      union all
      select 'month', month, d1, null, (sum(internal))::int, (sum(external))::int,
        (count(*) filter (where internal + external > 0))::int, count(*)::int
        from month_people group by month, d1
      union all
      select 'dept', null, d, null, null, null,
        (count(*) filter (where chatted_paired))::int, count(*)::int
        from person where paired group by d
      union all
      select distinct 'link', month, d1, d2, null::int, null::int, null::int, null::int
        from pairs where happened and d1 < d2
      union all
      select 'reach', null, null, null,
        percentile_disc(0.5) within group (order by n)::int,
        percentile_disc(0.9) within group (order by n)::int, count(*)::int, null
        from reach
      union all
      select 'bucket', null, ${bucketSql}, null, count(*)::int, null, null, null
        from reach group by 3
      union all
      select 'chats', null, null, null, count(*)::int,
        (count(*) filter (where not (ds <@ array[ds[1]])))::int,
        (select count(*) from person where chatted)::int, null
        from scoped where happened
    )
    select f.kind, f.month, coalesce(a.dept, f.d1::text) as d1, b.dept as d2, f.a, f.b, f.c,
      f.d
    from figures f
    left join depts a on a.d = f.d1 and f.kind <> 'bucket'
    left join depts b on b.d = f.d2`);
  return (result as unknown as { rows: AggregateRow[] }).rows;
}
