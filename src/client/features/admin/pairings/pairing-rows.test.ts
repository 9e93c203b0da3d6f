import type { CurrentPairingsResponse } from "@shared/pairings";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { filterRows, pairingRows, pairingsCsv } from "./pairing-rows";

const user = (firstName: string, email: string, department: string | null = "Sales") => ({
  firstName,
  lastName: "Test",
  email,
  department,
});

const data = {
  pairings: [
    {
      id: 7,
      name: "March 2027 — Acme",
      month: "2027-03",
      domainGroupName: "Acme",
    },
  ],
  matchesByPairing: {
    "7": [
      {
        id: 1,
        user1: user("Ada", "ada@acme.test"),
        user2: user("=HYPERLINK(1)", "evil@acme.test", null),
        status: "active",
        user1ConnectionStatus: "confirmed",
        user2ConnectionStatus: "pending",
      },
      {
        id: 2,
        user1: user("Cy", "cy@acme.test", "Design"),
        user2: user("Di", "di@acme.test"),
        user3: user("Ed", "ed@acme.test", "Ops\n@SUM(1)"),
        status: "active",
        user1ConnectionStatus: "pending",
        user2ConnectionStatus: "pending",
        user3ConnectionStatus: "not_confirmed",
      },
    ],
  },
} as unknown as CurrentPairingsResponse;

describe("the current-pairings table", () => {
  it("finds rows by every word of the search, across names, e-mails and departments", () => {
    const rows = pairingRows(data);
    expect(rows).toHaveLength(2);
    expect(filterRows(rows, "design cy").map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, "ADA@acme").map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, "march acme")).toHaveLength(2);
    expect(filterRows(rows, "nobody")).toEqual([]);
  });

  it("exports CSV in the table's words with formula cells neutralised, even after a line break", () => {
    const csv = pairingsCsv(pairingRows(data));
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(parsed[0]).toMatchObject({
      month: "March 2027",
      group: "Acme",
      status: "Active",
      person1_name: "Ada Test",
      person1_answer: "Met",
      person2_name: "'=HYPERLINK(1) Test",
      person2_answer: "Not met yet",
      person3_name: "",
    });
    expect(parsed[1]).toMatchObject({
      person3_email: "ed@acme.test",
      person3_department: "Ops\n'@SUM(1)",
      person3_answer: "Missed This Month",
    });
  });
});
