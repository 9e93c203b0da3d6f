import { Readable } from "node:stream";
import type { AdminUser, AdminUsersFilter } from "../../../shared/admin-users";
import { toCsv } from "../../../shared/csv";
import { meetWayWords } from "../../../shared/meet-way-words";
import type { AppContext } from "../../context";
import { domainGroups } from "../../db/schema";
import { type UserListPlace, userRowsAfter, withCurrentMatches } from "./list-users";
import { userListWhere } from "./user-list-filters";

/** People read and written per slice: a few statements each, whatever the company's size. */
const SLICE = 1000;

const COLUMNS = [
  "first_name",
  "last_name",
  "email",
  "department",
  "domain_group",
  "participation_status",
  "account",
  "signed_up",
  "matching_preference",
  "preferred_group_size",
  "manager",
  "office",
  "time_zone",
  "meet",
  "current_match",
  "current_match_month",
] as const;
type Column = (typeof COLUMNS)[number];

/**
 * Everyone the user list's filters and search match, as CSV in the list's order, written a slice
 * at a time along the list's keyset (no OFFSET, no count), so neither the server nor the browser
 * holds the whole company; cells a spreadsheet would read as a formula are made safe by `toCsv`
 * (docs/admin-console.md, "Users").
 */
export async function usersCsv(ctx: AppContext, filter: AdminUsersFilter): Promise<Readable> {
  const { all } = await userListWhere(ctx, filter);
  const groups = await ctx.db
    .select({ id: domainGroups.id, name: domainGroups.displayName })
    .from(domainGroups);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  async function* lines() {
    let after: UserListPlace | undefined;
    for (;;) {
      const slice = await userRowsAfter(ctx, all, after, SLICE);
      const rows = (await withCurrentMatches(ctx, slice)).map((user) => csvRow(user, groupName));
      if (!after) yield toCsv(COLUMNS, rows);
      else if (rows.length) yield `\r\n${toCsv(COLUMNS, rows, { header: false })}`;
      const last = slice.at(-1);
      if (!last || slice.length < SLICE) return;
      after = { key: last.nameKey, id: last.id };
    }
  }
  return Readable.from(lines());
}

function csvRow(user: AdminUser, groupName: Map<number, string>): Record<Column, string> {
  return {
    first_name: user.firstName ?? "",
    last_name: user.lastName ?? "",
    email: user.email,
    department: user.departmentName ?? user.department ?? "",
    domain_group: user.domainGroupId === null ? "" : (groupName.get(user.domainGroupId) ?? ""),
    participation_status: user.participationStatus,
    account: user.isActive ? "active" : "deactivated",
    signed_up: user.needsProfileSetup ? "no" : "yes",
    matching_preference: user.matchingPreference,
    preferred_group_size: String(user.preferredGroupSize),
    manager: user.managerEmail ?? "",
    office: user.office ?? "",
    time_zone: user.timeZone ?? "",
    meet: user.meetWay ? meetWayWords[user.meetWay] : "",
    current_match: user.currentMatch?.partners.join(" & ") ?? "",
    current_match_month: user.currentMatch?.month ?? "",
  };
}
