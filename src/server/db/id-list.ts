import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `column in (ids)` with the ids as one JSON parameter: a statement may carry at most 65,535
 * parameters, and a pairing of a 100,000-person company names more people than that.
 */
export function inIdList(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;
}
