import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { readUnmigratedSnapshot } from "../test/migrated-snapshot";
import { drizzleParsersOnce } from "./drizzle-parsers-once";

// From the suite's snapshot of a new database when there is one: not a new database's set-up.
const client = new PGlite({ loadDataDir: readUnmigratedSnapshot() });
afterAll(() => client.close());

/** Every type Drizzle reads as text, and one it leaves to PGlite (a number). */
const values = sql`select
  '2027-01-31 23:30:00+00'::timestamptz as at, '2027-01-31 23:30'::timestamp as local,
  '2027-01-31'::date as day, '1 day 02:00'::interval as span, array[1.5, 2]::numeric[] as amounts,
  array['2027-01-31 23:30']::timestamp[] as locals, array['2027-01-31 23:30+00']::timestamptz[] as ats,
  array['1 day']::interval[] as spans, array['2027-01-31']::date[] as days, 7::int as count`;

describe("Drizzle's parsers set once on the embedded client", () => {
  it("reads every value as Drizzle does with its own, in and out of a transaction", async () => {
    const own = drizzle(client);
    const before = (await own.execute(values)).rows;
    const inTransactionBefore = await own.transaction(
      async (tx) => (await tx.execute(values)).rows,
    );
    expect(before[0]).toMatchObject({
      at: "2027-01-31 23:30:00+00",
      days: "{2027-01-31}",
      count: 7,
    });

    const once = drizzle(drizzleParsersOnce(client));
    expect((await once.execute(values)).rows).toEqual(before);
    expect(await once.transaction(async (tx) => (await tx.execute(values)).rows)).toEqual(
      inTransactionBefore,
    );
  });

  it("leaves Drizzle's parsers out of each query, and passes any other parsers on", async () => {
    const seen: unknown[] = [];
    const recorded = (_sql: string, _params?: unknown[], options?: unknown) => {
      seen.push(options);
      return Promise.resolve({ rows: [], fields: [] });
    };
    const stub = {
      parsers: {} as Record<number, unknown>,
      query: recorded,
      transaction: (callback: (tx: { query: typeof recorded }) => unknown) =>
        callback({ query: recorded }),
    };
    const wrapped = drizzleParsersOnce(stub as unknown as PGlite);
    const asText = (value: string) => value;
    const drizzles = {
      rowMode: "array" as const,
      parsers: { 1114: asText, 1184: asText, 1182: asText },
    };
    const jsonParser = { rowMode: "array" as const, parsers: { 114: JSON.parse } };
    await wrapped.query("select 1", [], drizzles);
    await wrapped.query("select 2", [], jsonParser);
    await wrapped.transaction((tx) => tx.query("select 3", [], drizzles));
    expect(seen).toEqual([{ rowMode: "array" }, jsonParser, { rowMode: "array" }]);
    expect(stub.parsers[1114]).toBeTypeOf("function");
  });
});
