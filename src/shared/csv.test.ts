import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvSafeCell, toCsv } from "./csv";

describe("csvSafeCell", () => {
  it("leaves ordinary text alone", () => {
    for (const text of ["Ada Lovelace", "ada@acme.test", "R&D", "", "3 - 4", "a=b", "Ünal"]) {
      expect(csvSafeCell(text)).toBe(text);
    }
  });

  it("quotes a cell that starts a formula", () => {
    expect(csvSafeCell('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(csvSafeCell("+1+cmd")).toBe("'+1+cmd");
    expect(csvSafeCell("-2+3")).toBe("'-2+3");
    expect(csvSafeCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvSafeCell("\t=1")).toBe("'\t=1");
    expect(csvSafeCell("\r=1")).toBe("'\r'=1");
    expect(csvSafeCell("  =1")).toBe("'  =1");
    expect(csvSafeCell("\uFF1D1+1")).toBe("'\uFF1D1+1");
  });

  it("quotes every line of a cell that starts a formula, so a line break cannot bypass it", () => {
    expect(csvSafeCell("Ada\n=cmd|' /C calc'!A0")).toBe("Ada\n'=cmd|' /C calc'!A0");
    expect(csvSafeCell("Ada\r\n@SUM(1)")).toBe("Ada\r\n'@SUM(1)");
    expect(csvSafeCell("Ada\r+1\n-2")).toBe("Ada\r'+1\n'-2");
    expect(csvSafeCell("\n=1")).toBe("'\n'=1");
  });
});

describe("toCsv", () => {
  it("writes a header and one CRLF line per row that reads back to the safe cells", () => {
    const csv = toCsv(
      ["name", "note"],
      [
        { name: "Ada", note: 'said "hi", then left' },
        { name: "=1+1", note: "fine\n=2+2" },
      ],
    );
    expect(csv.split("\r\n")[0]).toBe(`${CSV_BOM}name,note`);
    const rows = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(rows).toEqual([
      { name: "Ada", note: 'said "hi", then left' },
      { name: "'=1+1", note: "fine\n'=2+2" },
    ]);
  });
});

describe("a CSV file for Excel", () => {
  it("starts with the UTF-8 byte-order mark; a later chunk of the same file has none", () => {
    const first = toCsv(["name"], [{ name: "Björn" }]);
    expect([...Buffer.from(first, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(first).toBe("\uFEFFname\r\nBjörn");
    expect(toCsv(["name"], [{ name: "Åsa" }], { header: false })).toBe("Åsa");
  });
});
