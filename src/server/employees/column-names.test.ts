import { describe, expect, it } from "vitest";
import { rosterColumns } from "../../shared/employees";
import { rowsFromCsv } from "../../shared/whitelist-import";
import { parseRoster } from "./parse-roster";

// docs/admin-console.md, "Adding the company at once": one table of column names for both readers.
describe("the people files' column names", () => {
  const HR =
    "Work Email,Given Name,Surname,Dept,Employee ID,Cost centre\nada@x.test,Ada,L,Finance,E1,C9";

  it("tells which columns the import used and which it ignored", () => {
    const read = rowsFromCsv(HR);
    expect(read).toEqual({
      rows: [
        { row: 2, email: "ada@x.test", firstName: "Ada", lastName: "L", department: "Finance" },
      ],
      columns: {
        used: ["Work Email", "Given Name", "Surname", "Dept"],
        ignored: ["Employee ID", "Cost centre"],
      },
    });
  });

  it("are the roster sync's too", () => {
    const roster = parseRoster("Work Email,Employee Status,Dept\nada@x.test,active,Finance\n");
    expect([...roster.columns].sort()).toEqual(["department", "email", "employeeStatus"]);
    expect(roster.rows[0].cells).toEqual({
      email: "ada@x.test",
      employeeStatus: "active",
      department: "Finance",
    });
    expect(rosterColumns).toContain("department");
    // The manager and office columns, by the same names in both.
    const both =
      "Work Email,Employee Status,Reports To,Location\nada@x.test,active,bo@x.test,Oslo\n";
    expect(parseRoster(both).rows[0].cells).toEqual({
      email: "ada@x.test",
      employeeStatus: "active",
      manager: "bo@x.test",
      office: "Oslo",
    });
    expect(rowsFromCsv(both)).toMatchObject({
      rows: [{ email: "ada@x.test", manager: "bo@x.test", office: "Oslo" }],
      columns: { used: ["Work Email", "Reports To", "Location"], ignored: ["Employee Status"] },
    });
    // The time zone column too ("Time Zone", "time_zone", "TZ", "Zone").
    for (const name of ["Time Zone", "time_zone", "TZ", "Zone"]) {
      const zoned = `Work Email,Employee Status,${name}\nada@x.test,active,Asia/Tokyo\n`;
      expect(parseRoster(zoned).rows[0].cells.timeZone).toBe("Asia/Tokyo");
      expect(rowsFromCsv(zoned)).toMatchObject({ rows: [{ timeZone: "Asia/Tokyo" }] });
    }
  });
});
