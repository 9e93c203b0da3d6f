import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matchPartnerSchema } from "../../shared/matches";
import { users } from "../db/schema";

// A kept match view is read again only when a trigger bumps its version (decision 0025): the
// trigger on users must watch exactly the columns a partner's view shows, or an edit goes unseen.
const migrations = path.join(import.meta.dirname, "..", "db", "migrations");
/** Partner fields that do not come from the person's own row (the department's display name). */
const fromOtherTables = ["departmentDisplayName"];
/** Fields that never change. */
const fixed = ["id"];
/** Columns of the members' rows the view's "how you meet, what you share" line reads. */
const togetherColumns = ["interests", "meet_way", "office"];

function watchedColumns(): string[] {
  const newest = readdirSync(migrations)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => readFileSync(path.join(migrations, file), "utf8"))
    .filter((sql) => /FUNCTION users_changed\(\)/.test(sql))
    .at(-1);
  const tuple = newest?.match(/WHERE \(o\.([^)]*)\)\s+IS DISTINCT FROM/)?.[1] ?? "";
  return tuple
    .split(",")
    .map((column) => column.trim().replace(/^o\./, ""))
    .sort();
}

function shownColumns(): string[] {
  const columns = getTableColumns(users);
  return Object.keys(matchPartnerSchema.shape)
    .filter((field) => !fromOtherTables.includes(field) && !fixed.includes(field))
    .map((field) => columns[field as keyof typeof columns].name)
    .concat(togetherColumns)
    .sort();
}

describe("the trigger that marks kept match views stale", () => {
  it("watches exactly the columns of users that a partner's view shows", () => {
    expect(watchedColumns()).toEqual(shownColumns());
    expect(watchedColumns().length).toBeGreaterThan(3);
  });
});
