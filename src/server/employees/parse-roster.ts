import Papa from "papaparse";
import { BROKEN_TEXT_MESSAGE, hasBrokenText } from "../../shared/clean-text";
import { readHeader } from "../../shared/column-aliases";
import { ROSTER_MAX_ROWS, type RosterColumn, rosterColumns } from "../../shared/employees";
import { BadRequest } from "../errors";

export interface RosterRow {
  /** Line number in the file (header = 1). */
  line: number;
  cells: Partial<Record<RosterColumn, string>>;
  /** A structural problem of the line itself (too many or too few cells). */
  problem?: string;
}

export interface ParsedRoster {
  columns: Set<RosterColumn>;
  rows: RosterRow[];
}

/**
 * Lines read at most, blank ones included, and columns of the header (docs/provisioning.md,
 * "Limits"): the parser stops there instead of reading a file of empty lines to its end.
 */
const MAX_LINES = 2 * ROSTER_MAX_ROWS + 1;
const MAX_COLUMNS = 2 * rosterColumns.length;

/** Reads the CSV into rows keyed by the known columns; a wrong header refuses the whole file. */
export function parseRoster(csv: string): ParsedRoster {
  const text = csv.replace(/^\uFEFF/, "");
  if (hasBrokenText(text))
    throw new BadRequest(`The roster file ${BROKEN_TEXT_MESSAGE}`, "broken_text");
  const parsed = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    preview: MAX_LINES + 1,
  });
  if (parsed.data.length > MAX_LINES) {
    throw new BadRequest(
      `The roster CSV has more than ${MAX_LINES} lines; at most ${ROSTER_MAX_ROWS} rows are accepted at once. Split it into smaller files.`,
      "roster_too_many_rows",
    );
  }
  const [header = [], ...records] = parsed.data;
  if (header.length > MAX_COLUMNS) {
    throw new BadRequest(
      `The header row has ${header.length} columns; a roster has at most ${rosterColumns.length}: ${rosterColumns.join(", ")}.`,
      "roster_header",
    );
  }
  // The HR import's column names too (column-aliases.ts): one file serves both.
  const columns: Array<RosterColumn | null> = readHeader(header, rosterColumns).columns.map(
    (c) => c ?? null,
  );
  const unknown = header.filter((_, i) => columns[i] === null).map((h) => h.trim());
  if (unknown.length > 0) {
    throw new BadRequest(
      `Unknown column${unknown.length === 1 ? "" : "s"} ${unknown.map((u) => `"${u}"`).join(", ")}. Expected columns: ${rosterColumns.join(", ")}.`,
      "roster_header",
    );
  }
  const present = new Set(columns.filter((c): c is RosterColumn => c !== null));
  if (!present.has("email") || !present.has("employeeStatus")) {
    throw new BadRequest(
      `The roster CSV needs a header row with at least the columns email and employeeStatus.`,
      "roster_header",
    );
  }
  if (present.size !== columns.length)
    throw new BadRequest("A column appears twice in the header row.", "roster_header");

  const rows: RosterRow[] = [];
  records.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    const cells: RosterRow["cells"] = {};
    columns.forEach((column, i) => {
      if (column) cells[column] = (record[i] ?? "").trim();
    });
    const problem =
      record.length !== columns.length
        ? `Expected ${columns.length} cells but found ${record.length}`
        : undefined;
    rows.push({ line: index + 2, cells, problem });
  });
  if (rows.length === 0) throw new BadRequest("The roster CSV has no data rows.", "roster_empty");
  if (rows.length > ROSTER_MAX_ROWS) {
    throw new BadRequest(
      `The roster CSV has ${rows.length} rows; at most ${ROSTER_MAX_ROWS} are accepted at once. Split it into smaller files.`,
      "roster_too_many_rows",
    );
  }
  return { columns: present, rows };
}
