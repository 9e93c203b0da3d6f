import { eq, inArray, sql } from "drizzle-orm";
import type {
  RosterChange,
  RosterRejection,
  SyncEmployeeDataResponse,
} from "../../shared/employees";
import { type EmployeeStatus, employeeStatuses, type MeetWay } from "../../shared/enums";
import { meetWayFromCell } from "../../shared/meet-way-words";
import { MAX_OFFICE_LENGTH } from "../../shared/never-with";
import { unknownZoneCell, zoneFromCell } from "../../shared/working-hours";
import { recordActivity } from "../activity/activity";
import { type NamedPerson, peopleLine } from "../activity/people-line";
import { adoptDirectoryTimeZone } from "../auth/directory-time-zone";
import { normalizeEmail } from "../auth/email-address";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { departmentNamesByGroup } from "../directory/departments/department-names-by-group";
import { officeNamesByGroup, officeOnList } from "../directory/offices/office-lists";
import { byAddress, setManagerByRef } from "../people-rows/manager-refs";
import { recordEmployeeSync } from "./last-sync";
import { parseRoster, type RosterRow } from "./parse-roster";

type Fields = RosterChange["fields"];
interface Planned {
  userId: string;
  email: string;
  fields: Fields;
}
interface Known {
  id: string;
  email: string;
  groupId: number | null;
  employeeStatus: string;
  leaveStartDate: string | null;
  leaveEndDate: string | null;
  leaveReason: string | null;
  department: string | null;
  managerId: string | null;
  managerRef: string | null;
  office: string | null;
  meetWay: MeetWay | null;
  timeZone: string | null;
  timeZoneConfirmed: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * Applies a roster CSV row by row: every row is checked; the valid rows' changes are written in one
 * transaction and each refused row comes back with its line and reason (docs/admin-console.md).
 * Only a file that cannot be read at all (header, size) is refused whole. An empty leave cell
 * clears that field; an empty department cell leaves the department alone.
 */
export async function syncEmployeeData(
  ctx: AppContext,
  by: NamedPerson,
  csv: string,
): Promise<SyncEmployeeDataResponse> {
  const { columns, rows } = parseRoster(csv);
  const emails = rows
    .flatMap((r) => [normalizeEmail(r.cells.email ?? ""), normalizeEmail(r.cells.manager ?? "")])
    .filter((e): e is string => Boolean(e));
  const known = await loadUsers(ctx, [...new Set(emails)]);
  const departmentsByGroup = await departmentNamesByGroup(ctx.db);
  const officesByGroup = await officeNamesByGroup(ctx.db);

  const rejected: RosterRejection[] = [];
  const planned: Planned[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const { reasons, plan } = checkRow(row, columns, known, departmentsByGroup, firstLine);
    if (plan) reasons.push(...checkRules(row, known, officesByGroup, plan));
    if (reasons.length > 0)
      rejected.push({ row: row.line, email: row.cells.email ?? "", reason: reasons.join("; ") });
    else if (plan) planned.push(plan);
  }

  const changed = planned.filter((p) => Object.keys(p.fields).length > 0);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const plan of changed) {
      const { manager, timeZone, meet, ...rest } = plan.fields;
      if (manager) await setManagerByRef(tx, plan.userId, manager, byAddress);
      if (timeZone) await adoptDirectoryTimeZone(tx, plan.userId, timeZone);
      await tx
        .update(users)
        .set({
          ...rest,
          ...(meet ? { meetWay: meet as MeetWay } : {}),
          updatedAt: now,
        } as Partial<typeof users.$inferInsert>)
        .where(eq(users.id, plan.userId));
    }
    if (planned.length > 0) await recordEmployeeSync(tx, now);
    await recordActivity(
      ctx,
      {
        kind: "roster.synced",
        detail: peopleLine`${by} synced the employee roster: ${changed.length} updated, ${planned.length - changed.length} unchanged, ${rejected.length} refused.`,
        data: { by: by.id, updated: changed.length, refused: rejected.length },
      },
      tx,
    );
  });
  const refused =
    rejected.length === 0
      ? ""
      : `, ${rejected.length} ${rejected.length === 1 ? "row" : "rows"} refused (listed below; fix ${rejected.length === 1 ? "it" : "them"} and upload ${rejected.length === 1 ? "that row" : "those rows"} again)`;
  const message =
    planned.length === 0 && rejected.length > 0
      ? `Nothing was synced: ${rejected.length === 1 ? "the one row was" : `all ${rejected.length} rows were`} refused (listed below; fix ${rejected.length === 1 ? "it" : "them"} and upload again).`
      : `Employee data synced: ${changed.length} updated, ${planned.length - changed.length} unchanged${refused}.`;
  return {
    applied: planned.length > 0,
    message,
    changed: changed.map(({ email, fields }) => ({ email, fields })),
    unchanged: planned.length - changed.length,
    rejected,
  };
}

function checkRow(
  row: RosterRow,
  columns: Set<string>,
  known: Map<string, Known>,
  departmentsByGroup: Map<number | null, Map<string, string>>,
  firstLine: Map<string, number>,
): { reasons: string[]; plan?: Planned } {
  const reasons: string[] = [];
  if (row.problem) reasons.push(row.problem);
  const email = normalizeEmail(row.cells.email ?? "");
  if (!email) return { reasons: [...reasons, "Not a valid e-mail address"] };
  const seenOn = firstLine.get(email);
  if (seenOn !== undefined) return { reasons: [...reasons, `Duplicate of row ${seenOn}`] };
  firstLine.set(email, row.line);
  const user = known.get(email);
  if (!user)
    return {
      reasons: [
        ...reasons,
        "Not signed up yet: add this address under Email Whitelist (Import) to keep the details",
      ],
    };

  const fields: Fields = {};
  const cell = row.cells.employeeStatus ?? "";
  // "on_leave", "On leave" and "on-leave" are one status: an HR export writes it in words.
  const status = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (!employeeStatuses.includes(status as EmployeeStatus)) {
    reasons.push(
      `employeeStatus must be active, on leave or inactive${cell ? ` (got "${cell}")` : ""}`,
    );
  } else if (status !== user.employeeStatus) fields.employeeStatus = status;

  const dates: Record<"leaveStartDate" | "leaveEndDate", string | null> = {
    leaveStartDate: user.leaveStartDate,
    leaveEndDate: user.leaveEndDate,
  };
  for (const key of ["leaveStartDate", "leaveEndDate"] as const) {
    if (!columns.has(key)) continue;
    const value = row.cells[key] ?? "";
    if (value && !isCalendarDate(value)) {
      reasons.push(`${key} must be a date like 2027-03-31`);
      continue;
    }
    dates[key] = value || null;
    if (dates[key] !== user[key]) fields[key] = dates[key];
  }
  if (dates.leaveStartDate && dates.leaveEndDate && dates.leaveEndDate < dates.leaveStartDate) {
    reasons.push("leaveEndDate is before leaveStartDate");
  }
  if (columns.has("leaveReason")) {
    const reason = row.cells.leaveReason || null;
    if (reason && reason.length > 200) reasons.push("leaveReason is longer than 200 characters");
    else if (reason !== user.leaveReason) fields.leaveReason = reason;
  }
  const department = row.cells.department;
  if (department) {
    const name = (
      departmentsByGroup.get(user.groupId) ??
      departmentsByGroup.get(null) ??
      new Map<string, string>()
    ).get(department.toLowerCase());
    if (!name) {
      const list =
        user.groupId === null ? "the company's departments" : "their group's departments";
      reasons.push(
        `Department "${department}" is not one of ${list} (the Departments tab lists them)`,
      );
    } else if (name !== user.department) fields.department = name;
  }
  return { reasons, plan: { userId: user.id, email: user.email, fields } };
}

/**
 * The `manager` (an address, never oneself; a manager without an account yet waits as a reference
 * and becomes the manager when that account is made, decision 0085) and `office` (on the person's
 * office list when their group keeps one), `meet` (taken only while the person has not chosen a way
 * to meet of their own) and `timeZone` (an IANA name, current or old; taken only while the person
 * has not confirmed a zone of their own) cells (docs/profile.md); empty cells leave them alone.
 * Adds the changes to `plan` and answers the reasons to refuse the row.
 */
function checkRules(
  row: RosterRow,
  known: Map<string, Known>,
  officesByGroup: Map<number | null, string[]>,
  plan: Planned,
): string[] {
  const reasons: string[] = [];
  const user = known.get(plan.email.toLowerCase());
  if (!user) return reasons;
  const managerCell = row.cells.manager;
  if (managerCell) {
    const address = normalizeEmail(managerCell);
    const manager = address ? known.get(address) : undefined;
    const unchanged = manager
      ? manager.id === user.managerId
      : address === user.managerRef?.toLowerCase();
    if (!address) reasons.push(`Manager "${managerCell}" is not an e-mail address`);
    else if (manager?.id === user.id) reasons.push("A person cannot be their own manager");
    else if (!unchanged) plan.fields.manager = address;
  }
  const officeCell = row.cells.office;
  if (officeCell) {
    const list = officesByGroup.get(user.groupId) ?? [];
    const office = officeOnList({ domainGroupId: user.groupId, offices: list }, officeCell);
    if (!office) reasons.push(`Office "${officeCell}" is not on this user's office list`);
    else if (office.length > MAX_OFFICE_LENGTH) reasons.push("office is too long");
    else if (office !== user.office) plan.fields.office = office;
  }
  const meetCell = row.cells.meet;
  if (meetCell) {
    const way = meetWayFromCell(meetCell);
    const office = plan.fields.office ?? user.office;
    if (!way) reasons.push(`Meet "${meetCell}" is not one of In person, Online or Either`);
    else if (way === "in-person" && !office) reasons.push("Meeting in person needs an office");
    else if (!user.meetWay) plan.fields.meet = way;
  }
  const zoneCell = row.cells.timeZone;
  if (zoneCell) {
    const zone = zoneFromCell(zoneCell);
    if (!zone) reasons.push(unknownZoneCell(zoneCell));
    else if (!user.timeZoneConfirmed && zone !== user.timeZone) plan.fields.timeZone = zone;
  }
  return reasons;
}

async function loadUsers(ctx: AppContext, emails: string[]): Promise<Map<string, Known>> {
  const found = new Map<string, Known>();
  for (let i = 0; i < emails.length; i += 5000) {
    const rows = await ctx.db
      .select({
        id: users.id,
        email: users.email,
        groupId: sql<number | null>`${whitelistEntrySql(users.email, "domain_group_id")}`,
        employeeStatus: users.employeeStatus,
        leaveStartDate: users.leaveStartDate,
        leaveEndDate: users.leaveEndDate,
        leaveReason: users.leaveReason,
        department: users.department,
        managerId: users.managerId,
        managerRef: users.managerRef,
        office: users.office,
        meetWay: users.meetWay,
        timeZone: users.timeZone,
        timeZoneConfirmed: users.timeZoneConfirmed,
      })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.slice(i, i + 5000)));
    for (const row of rows) found.set(row.email.toLowerCase(), row);
  }
  return found;
}
