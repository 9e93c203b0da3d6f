import { describe, expect, it } from "vitest";
import { pairingImpactLines } from "./impact-text";

describe("what deleting a running pairing says it touches", () => {
  it("counts the people and matches, and says nobody untold is e-mailed", () => {
    expect(pairingImpactLines("March 2027", { matches: 2, people: 5, told: false })).toEqual([
      "5 people in 2 matches lose their March 2027 match.",
      "They have not been e-mailed about their match yet but may have seen it on their Matches page; nobody is e-mailed now.",
      "You can generate March 2027 again afterwards. This cannot be undone.",
    ]);
  });

  it("says people already told of their match are told it is off", () => {
    const lines = pairingImpactLines("March 2027", { matches: 1, people: 2, told: true });
    expect(lines[0]).toBe("2 people in 1 match lose their March 2027 match.");
    expect(lines[1]).toBe(
      "They were told of their match by e-mail; each of them is now e-mailed that it is off.",
    );
  });
});
