import { hasControlCharacter } from "../../../shared/clean-text";
import type { MeetWay } from "../../../shared/enums";
import { meetWayFromCell, meetWayWords } from "../../../shared/meet-way-words";
import { MAX_OFFICE_LENGTH } from "../../../shared/never-with";
import { NAME_MAX } from "../../../shared/profile";
import type { WhitelistImportRow } from "../../../shared/whitelist-import";
import { unknownZoneCell, zoneFromCell } from "../../../shared/working-hours";
import { zoneNameForPeople } from "../../../shared/zone-names";
import {
  normalizeEmail,
  parseWhitelistPattern,
  type WhitelistPattern,
} from "../../auth/email-address";
import type { DomainGroupRow } from "../../db/schema";
import { officeOnList } from "../../directory/offices/office-lists";
import { type DomainGroups, groupByItsDomain } from "./domain-group";

/** What the import knows before it checks the rows: read once for the whole list. */
export interface ImportContext {
  groups: DomainGroupRow[];
  /** The rows' addresses and `*@domain` patterns already on the whitelist. */
  existing: Set<string>;
  /** The group each row's domain gives an address that names none. */
  domainGroups: DomainGroups;
  /** Each group's active departments (null: the company-wide list): lowercased name → name. */
  departments: Map<number | null, Map<string, string>>;
  /** Each group's kept office list (null: the company-wide list); none kept takes any name. */
  offices: Map<number | null, string[]>;
}

/** A row that can be added: the entry it becomes. */
export interface PlannedEntry {
  row: number;
  email: string;
  domain: string;
  domainGroupId: number | null;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  managerEmail: string | null;
  office: string | null;
  meetWay: MeetWay | null;
  timeZone: string | null;
  detail: string;
}

export type CheckedRow =
  | { outcome: "add"; entry: PlannedEntry }
  | { outcome: "unchanged"; row: number; email: string; detail: string }
  | { outcome: "error"; row: number; email: string; detail: string };

/**
 * One row of an import: the entry it adds, "unchanged" for an address already on the whitelist,
 * or the one reason it is refused. `seen` holds the addresses of the rows before it.
 */
export function checkImportRow(
  input: WhitelistImportRow,
  row: number,
  context: ImportContext,
  seen: Map<string, number>,
): CheckedRow {
  const email = input.email.trim();
  const refuse = (detail: string): CheckedRow => ({ outcome: "error", row, email, detail });
  if (email === "") return refuse("No e-mail address");
  const pattern = parseWhitelistPattern(email);
  if (!pattern) return refuse("Not a valid e-mail address");
  const earlier = seen.get(pattern.email);
  if (earlier !== undefined) return refuse(`Same address as row ${earlier}`);
  seen.set(pattern.email, row);
  if (context.existing.has(pattern.email))
    return {
      outcome: "unchanged",
      row,
      email: pattern.email,
      detail: "Already on the whitelist",
    };

  const names = checkNames(input, pattern.kind === "domain");
  if (typeof names === "string") return refuse(names);
  const group = chooseGroup(input, pattern, context);
  if (typeof group === "string") return refuse(group);
  const department = checkDepartment(input.department, group, context);
  const rules = checkManagerAndOffice(input, pattern.email, group, context);
  if (typeof rules === "string") return refuse(rules);
  const meet = checkMeetWay(input.meet, rules.office);
  if (typeof meet === "string") return refuse(meet);
  const zone = checkTimeZone(input.timeZone);
  if (typeof zone === "string") return refuse(zone);

  const entry: PlannedEntry = {
    row,
    email: pattern.email,
    domain: pattern.domain,
    domainGroupId: group?.id ?? null,
    ...names,
    department: department.name,
    ...rules,
    ...meet,
    ...zone,
    detail: "",
  };
  const typed = department.name ? (input.department?.trim() ?? "") : "";
  entry.detail = describeEntry(entry, typed, group) + (department.note ?? "");
  return { outcome: "add", entry };
}

function checkNames(
  input: WhitelistImportRow,
  isDomain: boolean,
): { firstName: string | null; lastName: string | null } | string {
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;
  if (
    isDomain &&
    (firstName ||
      lastName ||
      input.department?.trim() ||
      input.manager?.trim() ||
      input.office?.trim() ||
      input.meet?.trim() ||
      input.timeZone?.trim())
  )
    return "A *@domain entry is for everyone at the domain: leave its name, department, manager, office, meet and time zone empty";
  for (const [label, value] of [
    ["First name", firstName],
    ["Last name", lastName],
  ] as const) {
    if (value && value.length > NAME_MAX) return `${label} is longer than ${NAME_MAX} characters`;
    if (value && hasControlCharacter(value)) return `${label} must be one line of text`;
  }
  return { firstName, lastName };
}

/** The row's group; else the one its domain gives, as for a single address (domain-group.ts). */
function chooseGroup(
  input: WhitelistImportRow,
  pattern: WhitelistPattern,
  context: ImportContext,
): DomainGroupRow | null | string {
  if (input.domainGroupId != null) {
    const group = context.groups.find((g) => g.id === input.domainGroupId);
    return group ?? `Domain group ${input.domainGroupId} does not exist`;
  }
  const named = input.domainGroup?.trim();
  if (named) {
    const wanted = named.toLowerCase();
    const group = context.groups.find(
      (g) => g.name.toLowerCase() === wanted || g.displayName.toLowerCase() === wanted,
    );
    return group ?? `There is no domain group called "${named}"`;
  }
  const domainGroupId = groupByItsDomain(pattern, context.domainGroups);
  return context.groups.find((g) => g.id === domainGroupId) ?? null;
}

/**
 * The row's department among the list it belongs to. One the list lacks does not refuse the row
 * (docs/admin-console.md, "Adding the company at once"): the person is added without one, picks it
 * at the first sign-in, and the preview says so.
 */
function checkDepartment(
  raw: string | null | undefined,
  group: DomainGroupRow | null,
  context: ImportContext,
): { name: string | null; note?: string } {
  const wanted = raw?.trim();
  if (!wanted) return { name: null };
  const name = context.departments.get(group?.id ?? null)?.get(wanted.toLowerCase());
  if (name) return { name };
  const list = group ? `${group.displayName}'s departments` : "the company's departments";
  return {
    name: null,
    note: ` (without a department: "${wanted}" is not one of ${list}; add it under Departments to use it)`,
  };
}

/**
 * The manager (an address, never the person's own) and the office (on the group's kept list, any
 * name when none is kept), as the roster sync takes them (docs/admin-console.md).
 */
function checkManagerAndOffice(
  input: WhitelistImportRow,
  email: string,
  group: DomainGroupRow | null,
  context: ImportContext,
): { managerEmail: string | null; office: string | null } | string {
  const managerCell = input.manager?.trim();
  const managerEmail = managerCell ? normalizeEmail(managerCell) : null;
  if (managerCell && !managerEmail) return `Manager "${managerCell}" is not an e-mail address`;
  if (managerEmail === email) return "A person cannot be their own manager";
  const officeCell = input.office?.trim();
  if (!officeCell) return { managerEmail, office: null };
  if (officeCell.length > MAX_OFFICE_LENGTH)
    return `Office is longer than ${MAX_OFFICE_LENGTH} characters`;
  if (hasControlCharacter(officeCell)) return "Office must be one line of text";
  const groupId = group?.id ?? null;
  const office = officeOnList(
    { domainGroupId: groupId, offices: context.offices.get(groupId) ?? [] },
    officeCell,
  );
  if (!office)
    return `Office "${officeCell}" is not on ${group ? `${group.displayName}'s` : "the company's"} office list`;
  return { managerEmail, office };
}

/**
 * The way to meet, as the users export writes it ("In person", "Online", "Either") or as its key;
 * in person needs the row's office, as on the profile (docs/profile.md, "How we meet").
 */
function checkMeetWay(
  raw: string | null | undefined,
  office: string | null,
): { meetWay: MeetWay | null } | string {
  const cell = raw?.trim();
  if (!cell) return { meetWay: null };
  const meetWay = meetWayFromCell(cell);
  if (!meetWay) return `Meet "${cell}" is not one of In person, Online or Either`;
  if (meetWay === "in-person" && !office)
    return "Meeting in person needs an office on the same row";
  return { meetWay };
}

/**
 * The person's zone until they confirm their own (docs/profile.md, "Time zone and working
 * hours"): an IANA name, current or old, kept under its current one.
 */
function checkTimeZone(raw: string | null | undefined): { timeZone: string | null } | string {
  const cell = raw?.trim();
  if (!cell) return { timeZone: null };
  const timeZone = zoneFromCell(cell);
  return timeZone ? { timeZone } : unknownZoneCell(cell);
}

/** "Will be added: Ada Lovelace, Finance, group North": the department as the row wrote it. */
function describeEntry(
  entry: PlannedEntry,
  department: string,
  group: DomainGroupRow | null,
): string {
  const name = [entry.firstName, entry.lastName].filter(Boolean).join(" ");
  const parts = [
    name,
    department,
    group ? `group ${group.displayName}` : "",
    entry.managerEmail ? `manager ${entry.managerEmail}` : "",
    entry.office ? `office ${entry.office}` : "",
    entry.meetWay ? `meets ${meetWayWords[entry.meetWay].toLowerCase()}` : "",
    entry.timeZone ? `time zone ${zoneNameForPeople(entry.timeZone)}` : "",
  ].filter((part) => part !== "");
  return parts.length > 0 ? `Will be added: ${parts.join(", ")}` : "Will be added";
}
