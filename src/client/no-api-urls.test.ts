import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The client's addresses live in lib/api/ (its README says why); the sample dashboard's stand-in
// server answers by address, so it names them too.
const clientRoot = import.meta.dirname;
/** An address: "/api/" not inside a module path such as "lib/api/". */
const apiAddress = /(^|[^\w.])\/api\//;
const allowed = [
  path.join("lib", "api") + path.sep,
  path.join("features", "admin", "demo") + path.sep,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the client's API addresses", () => {
  it("are written only in the modules of lib/api", () => {
    const offenders = sourceFiles(clientRoot)
      .map((file) => path.relative(clientRoot, file))
      .filter((file) => !allowed.some((prefix) => file.startsWith(prefix)))
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
