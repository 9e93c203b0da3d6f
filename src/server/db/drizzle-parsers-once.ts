import { type PGlite, types } from "@electric-sql/pglite";

type QueryOptions = Parameters<PGlite["query"]>[2];
type Transaction = Parameters<Parameters<PGlite["transaction"]>[0]>[0];

/**
 * The types Drizzle's PGlite driver reads as PostgreSQL's text, as it gives them with each query
 * (drizzle-orm/pglite's prepared query, `parsers`): timestamps, dates and intervals, and the
 * arrays of numerics, timestamps, dates and intervals.
 */
const KEPT_AS_TEXT: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

/** The options without Drizzle's parsers, when they name no type but those set on the client. */
function withoutKeptParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => KEPT_AS_TEXT.includes(Number(type))))
    return options;
  const { parsers: _set, ...rest } = options;
  return rest;
}

/** `target` with some of its members replaced; the others called on `target` itself. */
function withMembers<T extends object>(target: T, replaced: Partial<T>): T {
  return new Proxy(target, {
    get(own, key) {
      if (key in replaced) return replaced[key as keyof T];
      const value = Reflect.get(own, key, own);
      return typeof value === "function" ? value.bind(own) : value;
    },
  });
}

/**
 * The client Drizzle is given on the embedded database. Drizzle hands PGlite its parsers with
 * every query, and PGlite then copies its whole map of some 320 type parsers to merge them in, for
 * that one query: about 0.1 ms of CPU a query, as much as a small query's own work. Here the same
 * parsers are set once on the client (after it has read its array types, which would replace
 * them) and Drizzle's are left out of each query and each transaction's query; options that name
 * any other type are passed on as they are (docs/performance.md, "Drizzle's parsers set once").
 */
export function drizzleParsersOnce(client: PGlite): PGlite {
  for (const type of KEPT_AS_TEXT) client.parsers[type] = asText;
  const inTransaction = (tx: Transaction) =>
    withMembers(tx, {
      query: ((sql: string, params?: unknown[], options?: QueryOptions) =>
        tx.query(sql, params, withoutKeptParsers(options))) as Transaction["query"],
    });
  return withMembers(client, {
    query: ((sql: string, params?: unknown[], options?: QueryOptions) =>
      client.query(sql, params, withoutKeptParsers(options))) as PGlite["query"],
    transaction: ((callback: (tx: Transaction) => Promise<unknown>) =>
      client.transaction((tx) => callback(inTransaction(tx)))) as PGlite["transaction"],
  });
}
