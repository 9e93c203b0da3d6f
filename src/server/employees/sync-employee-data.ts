import { eq, inArray, sql } from "drizzle-orm";
import type {
  RosterChange,
  RosterRejection,
  SyncEmployeeDataResponse,
} from "../../shared/employees";
import { type EmployeeStatus, employeeStatuses } from "../../shared/enums";
import { normalizeEmail } from "../auth/email-address";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { departments, users } from "../db/schema";
import { BadRequest } from "../errors";
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
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * Applies a roster CSV all or nothing: every row is checked first; one bad row rejects the file
 * (400 with each rejected row and its reason), otherwise every change is written in one transaction.
 * An empty leave cell clears that field; an empty department cell leaves the department alone.
 */
export async function syncEmployeeData(
  ctx: AppContext,
  csv: string,
): Promise<SyncEmployeeDataResponse> {
  const { columns, rows } = parseRoster(csv);
  const emails = rows
    .map((r) => normalizeEmail(r.cells.email ?? ""))
    .filter((e): e is string => Boolean(e));
  const known = await loadUsers(ctx, [...new Set(emails)]);
  const departmentsByGroup = await loadDepartments(ctx);

  const rejected: RosterRejection[] = [];
  const planned: Planned[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const { reasons, plan } = checkRow(row, columns, known, departmentsByGroup, firstLine);
    if (reasons.length > 0)
      rejected.push({ row: row.line, email: row.cells.email ?? "", reason: reasons.join("; ") });
    else if (plan) planned.push(plan);
  }

  const changed = planned.filter((p) => Object.keys(p.fields).length > 0);
  if (rejected.length > 0) {
    const message = `Nothing was changed: ${rejected.length} of ${rows.length} ${rows.length === 1 ? "row was" : "rows were"} rejected. Fix ${rejected.length === 1 ? "it" : "them"} and upload the file again.`;
    throw new BadRequest(message, "roster_rejected", {
      applied: false,
      changed: changed.map(({ email, fields }) => ({ email, fields })),
      unchanged: planned.length - changed.length,
      rejected,
    });
  }

  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const plan of changed) {
      await tx
        .update(users)
        .set({ ...plan.fields, updatedAt: now } as Partial<typeof users.$inferInsert>)
        .where(eq(users.id, plan.userId));
    }
    await recordEmployeeSync(tx, now);
  });
  return {
    applied: true,
    message: `Employee data synced: ${changed.length} updated, ${planned.length - changed.length} unchanged.`,
    changed: changed.map(({ email, fields }) => ({ email, fields })),
    unchanged: planned.length - changed.length,
    rejected: [],
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
  if (!user) return { reasons: [...reasons, "No user with this e-mail address"] };

  const fields: Fields = {};
  const status = row.cells.employeeStatus ?? "";
  if (!employeeStatuses.includes(status as EmployeeStatus)) {
    reasons.push(
      `employeeStatus must be active, on_leave or inactive${status ? ` (got "${status}")` : ""}`,
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
    if (!name) reasons.push(`Department "${department}" does not exist in this user's group`);
    else if (name !== user.department) fields.department = name;
  }
  return { reasons, plan: { userId: user.id, email: user.email, fields } };
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
      })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.slice(i, i + 5000)));
    for (const row of rows) found.set(row.email.toLowerCase(), row);
  }
  return found;
}

/** Each group's active departments (null = the company-wide list), by lowercased name and display name. */
async function loadDepartments(ctx: AppContext): Promise<Map<number | null, Map<string, string>>> {
  const rows = await ctx.db
    .select({
      name: departments.name,
      displayName: departments.displayName,
      groupId: departments.domainGroupId,
    })
    .from(departments)
    .where(eq(departments.isActive, true));
  const byGroup = new Map<number | null, Map<string, string>>();
  for (const row of rows) {
    const list = byGroup.get(row.groupId) ?? new Map<string, string>();
    list.set(row.displayName.toLowerCase(), row.name);
    list.set(row.name.toLowerCase(), row.name);
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}
