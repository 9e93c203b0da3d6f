import Papa from "papaparse";
import { z } from "zod";
import { readHeader } from "./column-aliases";
import { MAX_ID } from "./ids";

/**
 * API contract of the whitelist import (docs/admin-console.md, "Adding the company at once"):
 * many addresses pasted, or an HR export, checked row by row. Every field is taken loosely here
 * so that one bad row is reported with its row number instead of refusing the whole list.
 */

export const WHITELIST_IMPORT_MAX_ROWS = 5000;

const loose = z.string().max(2000, { error: "A cell is longer than 2,000 characters" });

export const whitelistImportRowSchema = z.object({
  /** The number the admin sees for this row (the CSV line); defaults to its place in the list. */
  row: z.number().int().positive().max(1_000_000).optional(),
  email: loose,
  firstName: loose.nullish(),
  lastName: loose.nullish(),
  department: loose.nullish(),
  domainGroupId: z.number().int().positive().max(MAX_ID).nullish(),
  /** A domain group by its name or display name, as an HR export writes it. */
  domainGroup: loose.nullish(),
  /** The manager's address (docs/profile.md, "Never with my manager"). */
  manager: loose.nullish(),
  /** The office the person meets at in person (docs/profile.md, "How we meet"). */
  office: loose.nullish(),
  /** How the person meets: "In person", "Online", "Either" or the keys (meet-way-words.ts). */
  meet: loose.nullish(),
  /** An IANA zone, current or old name ("Asia/Kolkata", "Asia/Calcutta"); working-hours.ts. */
  timeZone: loose.nullish(),
});
export type WhitelistImportRow = z.infer<typeof whitelistImportRowSchema>;

export const whitelistImportSchema = z.object({
  rows: z
    .array(whitelistImportRowSchema)
    .min(1, { error: "There are no rows to import" })
    .max(WHITELIST_IMPORT_MAX_ROWS, {
      error: `At most ${WHITELIST_IMPORT_MAX_ROWS.toLocaleString("en")} rows can be imported at once. Split the list.`,
    }),
  /** Only check: answer what would happen, change nothing. */
  dryRun: z.boolean().optional(),
});
export type WhitelistImport = z.input<typeof whitelistImportSchema>;

export const importOutcomes = ["add", "unchanged", "error"] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const whitelistImportErrorSchema = z.object({
  row: z.number().int(),
  email: z.string(),
  message: z.string(),
});

/** POST /api/admin/whitelist/import */
export const whitelistImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** New whitelist entries (or, for a dry run, entries that would be added). */
  added: z.number().int(),
  /** Addresses already on the whitelist, left as they are. */
  unchanged: z.number().int(),
  /** Rows refused, each with one reason; the other rows are applied. */
  errors: z.array(whitelistImportErrorSchema),
  /** What happens to each row, in the order sent: the preview's table. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      outcome: z.enum(importOutcomes),
      /** For an added row: the name, department and group it will carry; for an error: why. */
      detail: z.string(),
    }),
  ),
  /** Of the added addresses, those whose person has not signed up yet (to invite). */
  toInvite: z.array(z.string()),
});
export type WhitelistImportResult = z.infer<typeof whitelistImportResultSchema>;

/** The addresses in pasted text: one per line, or separated by commas, semicolons or spaces. */
export function rowsFromPastedText(text: string): WhitelistImportRow[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^<|>$/g, "").trim())
    .filter((part) => part !== "")
    .map((email, index) => ({ row: index + 1, email }));
}

/** Result of reading an HR export: its rows (numbered by file line), or why it cannot be read. */
export type ImportCsv =
  | { rows: WhitelistImportRow[]; columns: { used: string[]; ignored: string[] } }
  | { problem: string };

/** The columns the HR import reads (column-aliases.ts names them). */
const IMPORT_COLUMNS = [
  "email",
  "firstName",
  "lastName",
  "department",
  "domainGroup",
  "manager",
  "office",
  "meet",
  "timeZone",
] as const;

/**
 * Reads an HR export: a header row naming the columns (e-mail; optionally first name, last name,
 * department, domain group, manager, office, meet, time zone, by the names of column-aliases.ts;
 * other columns are ignored, and said), then one person per line. Row numbers are the file's lines, the header being line 1.
 */
export function rowsFromCsv(csv: string): ImportCsv {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const [header = [], ...records] = parsed.data;
  const { columns, used, ignored } = readHeader(header, IMPORT_COLUMNS);
  if (!columns.includes("email"))
    return {
      problem:
        "The file needs a header row with an email column (and optionally first name, last name, department, domain group, manager, office, meet, time zone).",
    };
  const rows: WhitelistImportRow[] = [];
  records.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    const row: WhitelistImportRow = { row: index + 2, email: "" };
    columns.forEach((column, i) => {
      const cell = (record[i] ?? "").trim();
      if (column && cell !== "") row[column] = cell;
    });
    rows.push(row);
  });
  if (rows.length === 0) return { problem: "The file has no rows under its header." };
  return { rows, columns: { used, ignored } };
}
