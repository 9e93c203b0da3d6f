import { describe, expect, it } from "vitest";
import { colleaguesMet } from "./colleagues-met";
import type { MatchItem, MatchPartner } from "./matches";

const partner = (id: string, department: string | null): MatchPartner => ({
  id,
  profileImageUrl: null,
  firstName: id,
  lastName: null,
  department,
  departmentDisplayName: department,
  email: `${id}@acme.test`,
  bio: null,
});

/** A match of the caller's with `partners`, its members' answers as given (the caller's first). */
function item(partners: MatchPartner[], answers: Array<"confirmed" | "pending" | "not_confirmed">) {
  return {
    match: { status: "active", members: answers.map((connectionStatus) => ({ connectionStatus })) },
    partners,
  } as unknown as MatchItem;
}

describe("colleaguesMet", () => {
  it("counts distinct colleagues and departments of the chats that happened only", () => {
    const ada = partner("ada", "Sales");
    const ben = partner("ben", "Design");
    const cy = partner("cy", null);
    const dee = partner("dee", "Finance");
    const items = [
      item([ada], ["confirmed", "pending"]),
      // Met Ada again, and Ben and Cy in a trio: Ada counts once; Cy adds no department.
      item([ada, ben, cy], ["pending", "confirmed", "pending"]),
      // Not met: Dee is not counted.
      item([dee], ["not_confirmed", "not_confirmed"]),
      item([dee], ["pending", "pending"]),
    ];
    expect(colleaguesMet(items)).toEqual({ colleagues: 3, departments: 2 });
    expect(colleaguesMet([])).toEqual({ colleagues: 0, departments: 0 });
  });
});
