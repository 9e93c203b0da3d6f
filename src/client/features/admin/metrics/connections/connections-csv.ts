import type { Connections } from "@shared/connections";
import { toCsv } from "@shared/csv";

/** A figure's CSV cell: empty where it is hidden (null in the API). */
const cell = (value: number | null) => (value === null ? "" : String(value));

/** The map as CSV: one row per department, one column per department, chats or matches. */
export function mapCsv(data: Connections, which: "met" | "matched"): string {
  const columns = ["Department", ...data.departments];
  const rows = data.departments.map((name, i) =>
    Object.fromEntries([
      ["Department", name],
      ...data.departments.map((other, j) => [other, cell(data[which][i][j])]),
    ]),
  );
  return toCsv(columns, rows);
}

/** The month-by-month series as CSV: coverage, then each department's E-I index. */
export function seriesCsv(data: Connections): string {
  const columns = ["Month", "Pairs connected", "Pairs possible", ...data.departments];
  const rows = data.coverage.map((c, i) =>
    Object.fromEntries([
      ["Month", c.month],
      ["Pairs connected", cell(c.connected)],
      ["Pairs possible", String(c.possible)],
      ...data.departments.map((d) => [d, cell(data.eiTrend[i]?.eiIndex[d] ?? null)]),
    ]),
  );
  return toCsv(columns, rows);
}

/** Saves `text` as a CSV file named `fileName`. */
export function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
