import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { notAdminOffWhitelistSql } from "./exclusions";
import { eligibleSql } from "./scope";
import { joinWhitelistEntry, whitelistEntryGroup, whitelistEntryId } from "./whitelist-join";

/** How many people a scope holds (the eligibility box's Total Users) and how many are ready. */
export interface ScopeHeadcount {
  people: number;
  ready: number;
}

/**
 * Every scope's people and ready people, keyed by scope key ("all", or the active group's id), in
 * one scan counted as the eligibility box counts one scope (`countByReason`): "All Users" holds the
 * people in no active domain group (docs/pairings.md). A scope nobody is in has no key.
 */
export async function countEachScope(
  db: Db | Tx,
  today: string,
): Promise<Map<string, ScopeHeadcount>> {
  const key = sql<string>`(case when ${whitelistEntryGroup} in (select id from domain_groups where is_active)
    then ${whitelistEntryGroup}::text else 'all' end)`;
  const rows = await joinWhitelistEntry(
    db
      .select({
        key,
        people: sql<number>`count(*)::int`,
        ready: sql<number>`(count(*) filter (where ${eligibleSql(today, whitelistEntryId)}))::int`,
      })
      .from(users)
      .$dynamic(),
  )
    .where(notAdminOffWhitelistSql(whitelistEntryId))
    // By position: the expression carries parameters, so repeating it would not match the select.
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.key, { people: Number(r.people), ready: Number(r.ready) }]));
}
