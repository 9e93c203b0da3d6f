import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The client builds every API address from the endpoint table in src/shared/endpoints
// (docs/api.md, "The endpoint table"): `addressOf` and `call` in lib/api/request.ts, and the
// sample dashboard's stand-in server keys its answers by the same table.
const clientRoot = import.meta.dirname;
/** An address: "/api/" not inside a module path such as "lib/api/". */
const apiAddress = /(^|[^\w.])\/api\//;

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
      .flatMap((file) =>
        readFileSync(path.join(clientRoot, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            apiAddress.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it("finds the components it guards", () => {
    const components = sourceFiles(clientRoot).filter((file) => file.endsWith(".tsx"));
    expect(components.length).toBeGreaterThan(100);
  });
});
