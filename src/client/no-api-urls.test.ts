import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The client builds every API address from the endpoint table in src/shared/endpoints
// (docs/api.md, "The endpoint table"): `addressOf` and `call` in lib/api/request.ts, and the
// sample dashboard's stand-in server keys its answers by the same table.
const clientRoot = import.meta.dirname;
/** An address: "/api/" not inside a module path such as "lib/api/". */
const apiAddress = /(^|[^\w.])\/api\//;
/**
 * Files that still spell addresses, written before the endpoint table: each goes from this list
 * when its endpoints move into the table (docs/api.md, "Moving an endpoint into the table").
 */
const notYetFromTheTable = [
  "lib/api/admin-departments.ts",
  "lib/api/admin-employees.ts",
  "lib/api/admin-images.ts",
  "lib/api/admin-metrics.ts",
  "lib/api/admin-newsletters.ts",
  "lib/api/admin-pairings.ts",
  "lib/api/admin-rounds.ts",
  "lib/api/admin-users.ts",
  "lib/api/admin-whitelist.ts",
  "lib/api/auth.ts",
  "lib/api/identity.ts",
  "lib/api/profile.ts",
  "lib/api/public.ts",
  "lib/api/unsubscribe.ts",
  "features/admin/demo/sample-data.ts",
  "features/admin/demo/sample-images.ts",
  "features/admin/demo/sample-logs.ts",
  "features/admin/demo/sample-metrics.ts",
  "features/admin/demo/sample-pairings.ts",
  "features/admin/demo/sample-transport.ts",
].map((file) => file.split("/").join(path.sep));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the client's API addresses", () => {
  it("are never spelled in the client: they come from the endpoint table", () => {
    const offenders = sourceFiles(clientRoot)
      .map((file) => path.relative(clientRoot, file))
      .filter((file) => !notYetFromTheTable.includes(file))
      .flatMap((file) =>
        readFileSync(path.join(clientRoot, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            apiAddress.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it("lists only files that still spell an address", () => {
    const spelled = (file: string) =>
      readFileSync(path.join(clientRoot, file), "utf8")
        .split("\n")
        .some((line) => apiAddress.test(line));
    expect(notYetFromTheTable.filter((file) => !spelled(file))).toEqual([]);
  });

  it("finds the components it guards", () => {
    const components = sourceFiles(clientRoot).filter((file) => file.endsWith(".tsx"));
    expect(components.length).toBeGreaterThan(100);
  });
});
