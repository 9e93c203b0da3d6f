import { inArray, sql } from "drizzle-orm";
import type { WhitelistImport, WhitelistImportResult } from "../../../shared/whitelist-import";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import { parseWhitelistPattern } from "../../auth/email-address";
import type { SignedInUser } from "../../auth/session-store";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { allowedEmails, domainGroups, users } from "../../db/schema";
import { departmentNamesByGroup } from "../../directory/departments/department-names-by-group";
import { officeNamesByGroup } from "../../directory/offices/office-lists";
import {
  type CheckedRow,
  checkImportRow,
  type ImportContext,
  type PlannedEntry,
} from "./check-import-row";
import { readDomainGroups } from "./domain-group";

const CHUNK = 1000;

/**
 * Adds many addresses at once (docs/admin-console.md, "Adding the company at once"): every row is
 * checked on its own; valid rows are added in one transaction, an address already on the
 * whitelist is left as it is, and each refused row comes back with its row number and one reason.
 * A dry run answers the same without writing. A row added concurrently by someone else is counted
 * unchanged (the insert skips a conflict).
 */
export async function importAllowedEmails(
  ctx: AppContext,
  admin: SignedInUser,
  input: WhitelistImport,
): Promise<WhitelistImportResult> {
  const context = await loadImportContext(
    ctx.db,
    input.rows.map((r) => r.email),
  );
  const seen = new Map<string, number>();
  const checked: CheckedRow[] = input.rows.map((row, index) =>
    checkImportRow(row, row.row ?? index + 1, context, seen),
  );
  const planned = checked.flatMap((c) => (c.outcome === "add" ? [c.entry] : []));
  const addedEmails = input.dryRun
    ? planned.map((p) => p.email)
    : await insertEntries(ctx, admin, planned);
  const added = new Set(addedEmails);
  const rows = checked.map((c) => presentRow(c, added, Boolean(input.dryRun)));
  return {
    dryRun: Boolean(input.dryRun),
    added: added.size,
    unchanged: rows.filter((r) => r.outcome === "unchanged").length,
    errors: rows
      .filter((r) => r.outcome === "error")
      .map((r) => ({ row: r.row, email: r.email, message: r.detail })),
    rows,
    toInvite: await notSignedUp(
      ctx.db,
      addedEmails.filter((e) => !e.startsWith("*@")),
    ),
  };
}

function presentRow(c: CheckedRow, added: Set<string>, dryRun: boolean) {
  if (c.outcome !== "add")
    return { row: c.row, email: c.email, outcome: c.outcome, detail: c.detail };
  const { row, email, detail } = c.entry;
  if (dryRun || added.has(email)) return { row, email, outcome: "add" as const, detail };
  return { row, email, outcome: "unchanged" as const, detail: "Already on the whitelist" };
}

async function insertEntries(
  ctx: AppContext,
  admin: SignedInUser,
  planned: PlannedEntry[],
): Promise<string[]> {
  if (planned.length === 0) return [];
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const inserted: string[] = [];
    for (let i = 0; i < planned.length; i += CHUNK) {
      const rows = await tx
        .insert(allowedEmails)
        .values(
          planned.slice(i, i + CHUNK).map((p) => ({
            email: p.email,
            domain: p.domain,
            domainGroupId: p.domainGroupId,
            firstName: p.firstName,
            lastName: p.lastName,
            department: p.department,
            managerEmail: p.managerEmail,
            office: p.office,
            meetWay: p.meetWay,
            timeZone: p.timeZone,
            reason: "Imported",
            addedBy: admin.id,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ email: allowedEmails.email });
      inserted.push(...rows.map((r) => r.email));
    }
    if (inserted.length > 0) {
      const n = inserted.length;
      await recordActivity(
        ctx,
        {
          kind: "whitelist.imported",
          detail: peopleLine`${namedPerson(admin)} imported ${n} ${n === 1 ? "address" : "addresses"} to the Email Whitelist.`,
          data: { by: admin.id, added: n },
        },
        tx,
      );
    }
    return inserted;
  });
}

async function loadImportContext(db: Db, rawEmails: string[]): Promise<ImportContext> {
  const patterns = rawEmails.flatMap((raw) => parseWhitelistPattern(raw) ?? []);
  const list = [...new Set(patterns.map((p) => p.email))];
  const existing = new Set<string>();
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .select({ email: allowedEmails.email })
      .from(allowedEmails)
      .where(inArray(allowedEmails.email, list.slice(i, i + CHUNK)));
    for (const row of rows) existing.add(row.email);
  }
  const groups = await db.select().from(domainGroups);
  return {
    groups,
    existing,
    domainGroups: await readDomainGroups(
      db,
      patterns.map((p) => p.domain),
    ),
    departments: await departmentNamesByGroup(db),
    offices: await officeNamesByGroup(db),
  };
}

/** The addresses that belong to nobody who has an account yet. */
async function notSignedUp(db: Db, emails: string[]): Promise<string[]> {
  const known = new Set<string>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.slice(i, i + CHUNK)));
    for (const row of rows) known.add(row.email);
  }
  return emails.filter((e) => !known.has(e));
}
