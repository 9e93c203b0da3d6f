import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each route file registers its endpoints from the table in src/shared/endpoints
// (`endpointRoute`, docs/api.md "The endpoint table"), so no route file spells an address.
const serverRoot = import.meta.dirname;
const apiAddress = /["'`]\/api\//;
const isRouteFile = (file: string) => /(^|[-/])routes\.ts$/.test(file);
/**
 * Route files written before the endpoint table: each goes from this list when its endpoints
 * move into the table (docs/api.md, "Moving an endpoint into the table").
 */
const notYetFromTheTable = [
  "auth/oidc/routes.ts",
  "auth/routes.ts",
  "chat/routes.ts",
  "check-ins/slack-interactions-routes.ts",
  "directory/departments/routes.ts",
  "directory/groups/routes.ts",
  "directory/impact/routes.ts",
  "directory/users/routes.ts",
  "directory/whitelist/routes.ts",
  "employees/routes.ts",
  "images/routes.ts",
  "metrics/routes.ts",
  "newsletters/email-logs/routes.ts",
  "newsletters/routes.ts",
  "newsletters/send/routes.ts",
  "pairings/routes.ts",
  "profile/routes.ts",
  "rounds/routes.ts",
  "unsubscribe/routes.ts",
  "webhooks/routes.ts",
].map((file) => file.split("/").join(path.sep));

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
    const offenders = files.filter((f) => !notYetFromTheTable.includes(f) && spellsAnAddress(f));
    expect(offenders).toEqual([]);
  });

  it("list as not yet moved only files that still spell an address", () => {
    expect(notYetFromTheTable.filter((file) => !spellsAnAddress(file))).toEqual([]);
  });
});
