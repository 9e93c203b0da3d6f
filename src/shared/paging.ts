import { z } from "zod";

/** How many rows a page of an admin list holds: `pageSize` when not sent, at most `maxPageSize`. */
export function pageLimitSchema(pageSize: number, maxPageSize: number) {
  return z.coerce
    .number({ error: "limit must be a number." })
    .int({ error: "limit must be a whole number." })
    .min(1, { error: "limit must be at least 1." })
    .max(maxPageSize, { error: `limit must be at most ${maxPageSize}.` })
    .default(pageSize);
}

/** The query fields of a list paged by cursor: `limit`, and the opaque `cursor` of the next page. */
export function cursorPageFields(pageSize: number, maxPageSize: number, cursorLength: number) {
  return {
    limit: pageLimitSchema(pageSize, maxPageSize),
    cursor: z.string().max(cursorLength, { error: "This page link is not valid." }).optional(),
  };
}
