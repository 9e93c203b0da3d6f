import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { type PostgresServer, startPostgresServer } from "./postgres-server";

describe("a PostgreSQL server for tests", () => {
  let server: PostgresServer;
  let database: Database;

  beforeAll(async () => {
    server = await startPostgresServer();
    database = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await server?.close();
  });

  it("runs the app's migrations and answers queries as a real server", async () => {
    await database.migrate();
    expect(database.kind).toBe("postgres");
    const rows = await database.db.query.departments.findMany();
    expect(rows.map((row) => row.name)).toContain("Other");
  });
});
