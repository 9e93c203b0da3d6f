import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each route file registers its endpoints from the table in src/shared/endpoints
// (`endpointRoute`, docs/api.md "The endpoint table"), so no route file spells an address.
const serverRoot = import.meta.dirname;
const apiAddress = /["'`]\/api\//;
const isRouteFile = (file: string) => /(^|[-/])routes\.ts$/.test(file);
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    const file = path.relative(serverRoot, full);
    return isRouteFile(file.split(path.sep).join("/")) ? [file] : [];
  });
}

const spellsAnAddress = (file: string) =>
  apiAddress.test(readFileSync(path.join(serverRoot, file), "utf8"));

describe("the server's route files", () => {
  it("register their endpoints from the table, never by a written address", () => {
    const files = routeFiles(serverRoot);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter(spellsAnAddress);
    expect(offenders).toEqual([]);
  });
});
