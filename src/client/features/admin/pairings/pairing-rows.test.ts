import type { CurrentPairingsResponse } from "@shared/pairings";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { alonePeople, LEFT_ALONE, pairingRows, pairingsCsv, waitingPeople } from "./pairing-rows";

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
      groupNumber: 2,
    },
  ],
  matchesByPairing: {
    "7": [
      {
        id: 1,
        members: [
          { ...user("Ada", "ada@acme.test"), connectionStatus: "confirmed" },
          { ...user("=HYPERLINK(1)", "evil@acme.test", null), connectionStatus: "pending" },
        ],
        status: "active",
      },
      {
        id: 2,
        members: [
          { ...user("Cy", "cy@acme.test", "Design"), connectionStatus: "pending" },
          { ...user("Di", "di@acme.test"), connectionStatus: "pending" },
          { ...user("Ed", "ed@acme.test", "Ops\n@SUM(1)"), connectionStatus: "not_confirmed" },
        ],
        status: "active",
      },
    ],
  },
} as unknown as CurrentPairingsResponse;

describe("the current-pairings table", () => {
  it("flattens a page in the pairings' order, each row with its month, group and people", () => {
    const rows = pairingRows(data);
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({ month: "March 2027", group: "Acme" });
    // The second run of the month, named as every other list names it (readablePairingName).
    expect(rows[0].pairing).toBe("March 2027 (run B) – Acme");
    expect(rows[1].people.map((p) => p.department)).toContain("Design");
  });

  it("names each member's time zone only in a match whose members are in more than one", () => {
    const zoned = (zones: string[]) =>
      pairingRows({
        ...data,
        matchesByPairing: {
          "7": [
            {
              id: 3,
              members: zones.map((timeZone, i) => ({
                ...user(`P${i}`, `p${i}@acme.test`),
                timeZone,
                connectionStatus: "pending",
              })),
              status: "active",
            },
          ],
        },
      } as unknown as CurrentPairingsResponse)[0].people.map((p) => p.zone);
    expect(zoned(["Europe/Berlin", "America/New_York"])).toEqual([
      "Europe/Berlin",
      "America/New_York",
    ]);
    expect(zoned(["Europe/Berlin", "Europe/Berlin"])).toEqual([undefined, undefined]);
    expect(pairingRows(data)[0].people.map((p) => p.zone)).toEqual([undefined, undefined]);
  });

  it("writes a later slice of the CSV download without the header", () => {
    const rows = pairingRows(data);
    const whole = pairingsCsv(rows);
    const later = pairingsCsv(rows.slice(1), { header: false });
    expect(whole.split("\r\n")).toHaveLength(3);
    expect(later).toBe(whole.split("\r\n")[2]);
  });

  it("exports CSV in the table's words, whether each chat happened, and formula cells neutralised", () => {
    const csv = pairingsCsv(pairingRows(data));
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(parsed[0]).toMatchObject({
      month: "March 2027",
      group: "Acme",
      status: "Active",
      chat_happened: "Yes",
      person1_name: "Ada Test",
      person1_answer: "Met",
      person2_name: "'=HYPERLINK(1) Test",
      person2_answer: "Not met yet",
      person3_name: "",
    });
    expect(parsed[1]).toMatchObject({
      chat_happened: "No",
      person3_email: "ed@acme.test",
      person3_department: "Ops\n'@SUM(1)",
      person3_answer: "Missed This Month",
    });
  });

  it("marks who is away and who is left without a partner, and lists the latter for a re-pair", () => {
    const left = {
      pairings: data.pairings,
      matchesByPairing: {
        "7": [
          {
            id: 3,
            members: [
              { ...user("Fay", "fay@acme.test"), id: "u-fay", connectionStatus: "pending" },
              {
                ...user("Gus", "gus@acme.test"),
                id: "u-gus",
                away: "opted_out",
                connectionStatus: "pending",
              },
            ],
            status: "active",
            aloneUserId: "u-fay",
          },
          {
            id: 4,
            members: [
              { ...user("Hal", "hal@acme.test"), id: "u-hal", connectionStatus: "pending" },
              {
                ...user("Ivy", "ivy@acme.test"),
                id: "u-ivy",
                away: "paused",
                connectionStatus: "pending",
              },
              { ...user("Jo", "jo@acme.test"), id: "u-jo", connectionStatus: "pending" },
            ],
            status: "active",
          },
        ],
      },
    } as unknown as CurrentPairingsResponse;
    const rows = pairingRows(left);
    expect(rows[0].people.map((p) => p.note)).toEqual([LEFT_ALONE, "Opted out"]);
    expect(rows[1].people.map((p) => p.note)).toEqual([undefined, "Paused", undefined]);
    expect(alonePeople(left.matchesByPairing["7"])).toEqual([
      { userId: "u-fay", name: "Fay Test", formerPartners: ["Gus Test (opted out)"] },
    ]);
  });
});

describe("the people waiting for a partner", () => {
  it("are listed with the partner who left", () => {
    expect(
      waitingPeople([
        {
          userId: "u-ada",
          firstName: "Ada",
          lastName: "Test",
          email: "ada@acme.test",
          department: null,
          formerPartners: ["Fay Test"],
          since: "2027-03-10T09:00:00.000Z",
        },
      ]),
    ).toEqual([{ userId: "u-ada", name: "Ada Test", formerPartners: ["Fay Test (left)"] }]);
  });
});
