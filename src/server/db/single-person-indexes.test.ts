import { fillPlaceholders, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionsUserQuery } from "../auth/session-store";
import { seedSampleCompany } from "../demo/seed-demo";
import { memberMatchQueries } from "../matches/member-match-queries";
import { sessionsViewVersionsQuery } from "../matches/session-view-versions";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { type Database, openDatabase } from "./client";
import { sessions, users } from "./schema";

// On a real PostgreSQL server with a sample company of 3,000 people and six months of matches,
// the statements a single person's request runs must reach users, matches and their members
// through indexes (match_members_user_idx for the person's matches).
let server: PostgresServer;
let database: Database;
let client: pg.Client;
let someone: string;

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
  await database.migrate();
  await seedSampleCompany(database.db, { now: new Date(), count: 3000 });
  [{ id: someone }] = await database.db.select({ id: users.id }).from(users).limit(1);
  await database.db.execute(sql`analyze`);
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
}, 120_000);
afterAll(async () => {
  await client?.end();
  await database?.close();
  await server?.close();
});

/** Every table scanned sequentially in the plan of `query` run with `values`. */
async function seqScans(
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): Promise<string[]> {
  const { sql: text, params } = query.toSQL();
  const { rows } = await client.query(
    `explain (format json) ${text}`,
    fillPlaceholders(params, values),
  );
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node["Node Type"] === "Seq Scan") found.push(String(node["Relation Name"]));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]["QUERY PLAN"][0].Plan);
  return found;
}

describe("a single person's requests use indexes", () => {
  it("looks up a session and its user without scanning users", async () => {
    const now = new Date();
    const scans = await seqScans(sessionsUserQuery(database.db), {
      hashes: ["0".repeat(64)],
      now,
      idleSince: now,
    });
    // sessions is empty here, so scanning it is the planner's right call; users has 3,000 rows.
    expect(scans).not.toContain("users");
  });

  it("reads the session with its view versions, the current match or the history through the member index, scanning no users, matches or members", async () => {
    const now = new Date();
    await database.db.insert(sessions).values({
      sessionHash: "1".repeat(64),
      userId: someone,
      kind: "employee",
      expiresAt: new Date(now.getTime() + 86_400_000),
      lastAccessedAt: now,
    });
    await database.db.execute(sql`analyze sessions`);
    const queries = memberMatchQueries(database.db);
    const values = { hash: "1".repeat(64), hashes: ["1".repeat(64)], now, idleSince: new Date(0) };
    for (const query of [
      sessionsViewVersionsQuery(database.db),
      queries.sessionWithCurrent,
      queries.sessionWithHistory,
    ]) {
      const scans = await seqScans(query, values);
      expect(scans).not.toContain("users");
      expect(scans).not.toContain("matches");
      expect(scans).not.toContain("match_members");
    }
  });
});
