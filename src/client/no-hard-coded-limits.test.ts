import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every page size or limit a page sends comes from the schema's constants in src/shared, so the
// client never asks for more than the server accepts (docs/api.md, "Limits and page sizes").
const clientRoot = import.meta.dirname;
/** A numeric `limit` in a query (`limit: 20`, `?limit=200`). */
const numericLimit = /\blimit\s*[:=]\s*\d/;
/** A page size or limit constant written as a number in the client (`MATCHES_OFFERED = 200`). */
const numericPageConstant = /\b[A-Z_]*(PAGE|LIMIT|OFFERED|MAX)[A-Z_]*\s*=\s*\d/;
/** The toast queue's length is the page's own, not a request's. */
const notARequest = /\bTOAST_LIMIT\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const offends = (line: string) =>
  (numericLimit.test(line) || numericPageConstant.test(line)) && !notARequest.test(line);

describe("the limits the client sends", () => {
  it("are never numbers written in the client: they come from src/shared", () => {
    const offenders = sourceFiles(clientRoot).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          offends(line) ? [`${path.relative(clientRoot, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("catches the forms a limit was written in", () => {
    expect(offends("const MATCHES_OFFERED = 200;")).toBe(true);
    expect(offends("call(endpoints.activity, { query: { before, limit: 20 }, signal }),")).toBe(
      true,
    );
    expect(offends("get(`/current-pairings?limit=200`)")).toBe(true);
    expect(offends("const MATCHES_OFFERED = CURRENT_PAIRINGS_MAX_PAGE_SIZE;")).toBe(false);
    expect(offends("export const TOAST_LIMIT = 1;")).toBe(false);
  });
});
