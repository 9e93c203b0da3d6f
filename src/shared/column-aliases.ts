/**
 * The one table of column names the people files are read by (docs/admin-console.md, "Adding the
 * company at once", and "Employee data sync"): the HR import and the roster sync accept the same
 * names for the same column. A header is matched by its letters alone, case aside ("E-mail",
 * "Work Email" and "work_email" are one name).
 */
const ALIASES = {
  email: ["email", "emailaddress", "mail", "workemail"],
  firstName: ["firstname", "givenname"],
  lastName: ["lastname", "surname", "familyname"],
  department: ["department", "dept"],
  domainGroup: ["domaingroup", "group"],
  employeeStatus: ["employeestatus"],
  leaveStartDate: ["leavestartdate", "leavestart"],
  leaveEndDate: ["leaveenddate", "leaveend"],
  leaveReason: ["leavereason"],
  manager: ["manager", "manageremail", "reportsto", "supervisor"],
  office: ["office", "location", "worklocation", "site"],
  meet: ["meet", "meetway", "howwemeet", "meeting"],
  timeZone: ["timezone", "zone", "tz", "ianatimezone"],
} as const;

export type PeopleColumn = keyof typeof ALIASES;

const byName = new Map<string, PeopleColumn>(
  (Object.entries(ALIASES) as [PeopleColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [name, column] as const),
  ),
);

const letters = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

/**
 * Each header cell's column among those a reader `accepts` (undefined: ignored), and the headers
 * it used and ignored, as the file wrote them.
 */
export function readHeader<C extends PeopleColumn>(
  header: readonly string[],
  accepts: readonly C[],
): { columns: (C | undefined)[]; used: string[]; ignored: string[] } {
  const columns = header.map((cell) => {
    const column = byName.get(letters(cell));
    return column && (accepts as readonly PeopleColumn[]).includes(column)
      ? (column as C)
      : undefined;
  });
  const named = header.map((cell) => cell.trim());
  return {
    columns,
    used: named.filter((_, i) => columns[i] !== undefined),
    ignored: named.filter((cell, i) => columns[i] === undefined && cell !== ""),
  };
}
