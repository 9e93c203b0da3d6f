import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./database-outage";

const socketError = (code: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code}`), { code, syscall });

describe("an error that says the database is out of reach", () => {
  it("is PostgreSQL's shutdown or connection code, a pool's lost connection, or a query's socket error", () => {
    const terminated = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnreachable(new DrizzleQueryError("select 1", [], terminated))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const refused = socketError("ECONNREFUSED", "connect");
    expect(isDatabaseUnreachable(refused)).toBe(true);
    const cut = socketError("EPIPE", "write");
    expect(isDatabaseUnreachable(new DrizzleQueryError("select 1", [], cut))).toBe(true);
  });

  it("is not a statement's fault, a missing file or an outbound request that failed", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnreachable(new DrizzleQueryError("insert", [], unique))).toBe(false);
    expect(isDatabaseUnreachable(socketError("ENOENT", "open"))).toBe(false);
    const fetchFailed = new TypeError("fetch failed", {
      cause: socketError("ECONNREFUSED", "connect"),
    });
    expect(isDatabaseUnreachable(fetchFailed)).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
  });
});
