import {
  type ImportCsv,
  rowsFromCsv,
  rowsFromPastedText,
  type WhitelistImportRow,
} from "@shared/whitelist-import";

/**
 * The rows of what the admin pasted or chose: an HR export when its first line is a header naming
 * an email column (no address in it), else addresses one per line or separated by commas.
 */
export function importRowsOf(
  text: string,
): ImportCsv | { rows: WhitelistImportRow[] } | { problem: string } {
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? "";
  const isCsv = /e-?mail/i.test(firstLine) && !firstLine.includes("@");
  if (isCsv) return rowsFromCsv(text);
  const rows = rowsFromPastedText(text);
  return rows.length > 0 ? { rows } : { problem: "Paste at least one address, or choose a file." };
}
