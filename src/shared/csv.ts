import Papa from "papaparse";

/**
 * A line a spreadsheet would read as a formula: it starts (after any spaces) with = + - @, their
 * full-width forms, a tab or a carriage return (OWASP "CSV Injection").
 */
const FORMULA_LINE = /^[ ]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The cell as a spreadsheet may show it: every line of it that would start a formula gets a
 * leading `'`, so a line break inside a cell cannot smuggle one past the first character.
 */
export function csvSafeCell(value: string): string {
  const safe = value
    .split(/(\r\n|\n|\r)/)
    .map((part, i) => (i % 2 === 0 && FORMULA_LINE.test(part) ? `'${part}` : part))
    .join("");
  return /^[\r\n]/.test(value) ? `'${safe}` : safe;
}

/** The UTF-8 byte-order mark: without it Excel reads a CSV as ANSI ("BjÃ¶rn" for "Björn"). */
export const CSV_BOM = "\uFEFF";

/**
 * Every CSV export of the app (the send-log CSV, the pairings table's CSV): the byte-order mark,
 * a header row and one row per record, each cell made safe with `csvSafeCell`, lines ended with
 * CRLF. A later chunk (`header: false`) has neither mark nor header.
 */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: ReadonlyArray<Record<Column, string>>,
  /** `header: false` for a later chunk of a file written a slice of rows at a time. */
  { header = true }: { header?: boolean } = {},
): string {
  const body = Papa.unparse(
    {
      fields: columns.map(csvSafeCell),
      data: rows.map((row) => columns.map((column) => csvSafeCell(row[column]))),
    },
    { newline: "\r\n", escapeFormulae: false, header },
  );
  return header ? CSV_BOM + body : body;
}
