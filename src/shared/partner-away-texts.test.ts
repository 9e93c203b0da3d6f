import { describe, expect, it } from "vitest";
import { partnerAwayNextText, partnerAwayNobodyText } from "./partner-away-texts";

describe("what the partner-away confirmation says happens (docs/matches.md)", () => {
  it("promises someone who chose one-to-one only a partner without one, else the same match", () => {
    expect(partnerAwayNextText([], 2)).toBe(
      "We look for a new partner for you among the people without one and e-mail you both; you chose one-to-one, so we do not add you to another match. If nobody can meet you, your match stays as it is.",
    );
  });

  it("names the groups someone who chose a group may join, and that a four is never paired", () => {
    expect(partnerAwayNextText([], 3)).toContain(
      "among the people without one, or a pair or a group of 3 to join whose members all chose groups too",
    );
    const four = partnerAwayNextText([], 4);
    expect(four).toContain("a pair or a group of 3 to join whose members all chose groups too");
    expect(four).not.toContain("people without one");
  });

  it("in a group, says the others stay matched", () => {
    expect(partnerAwayNextText(["Bob Test", "Cy Test"], 2)).toBe(
      "You, Bob Test and Cy Test stay matched.",
    );
  });

  it("when nobody was found, says what was looked for by the reporter's choice", () => {
    expect(partnerAwayNobodyText(2)).toBe(
      'Nobody without a partner can meet you this month, so your match stays as it is. You can answer "Missed This Month" instead.',
    );
    expect(partnerAwayNobodyText(3)).toContain(
      "Nobody without a partner can meet you this month, and no pair or group of 3 whose members all chose groups too could take you",
    );
    // Someone who chose 4 is never paired one-to-one, so nobody without a partner was looked for.
    expect(partnerAwayNobodyText(4)).toBe(
      'No pair or group of 3 whose members all chose groups too could take you this month, so your match stays as it is. You can answer "Missed This Month" instead.',
    );
  });
});
