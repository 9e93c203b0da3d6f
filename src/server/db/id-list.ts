import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { isUuid } from "./uuid";

/**
 * `column in (ids)` with the ids as one JSON parameter: a statement may carry at most 65,535
 * parameters, and a pairing of a 100,000-person company names more people than that.
 */
export function inIdList(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;
}

/**
 * The ids as one `uuid[]` parameter written as the array's text: for a company-wide pairing's
 * 100,000 ids the driver's own array writing (quoting and escaping each element) cost more than
 * the statement. Anything but a UUID is refused, so nothing can break out of the text.
 */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!isUuid(id)) throw new Error(`Not a UUID: ${JSON.stringify(id)}`);
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/** Whole numbers as one `int[]` parameter written as the array's text (see `uuidArray`). */
export function intArray(values: readonly number[]): SQL {
  for (const value of values)
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql`${`{${values.join(",")}}`}::int[]`;
}
