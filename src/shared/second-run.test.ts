import { describe, expect, it } from "vitest";
import { generatePairingBodySchema, wantsSecondRun } from "./pairings";

const parsed = (body: unknown) => generatePairingBodySchema.parse(body);

describe("asking for the month's next run", () => {
  it("reads the field's name, and its old name too", () => {
    expect(wantsSecondRun(parsed({ secondRun: true }))).toBe(true);
    expect(wantsSecondRun(parsed({ secondRound: true }))).toBe(true);
    expect(wantsSecondRun(parsed({ secondRun: false, secondRound: true }))).toBe(false);
    for (const body of [undefined, null, {}, { secondRun: false }, { secondRound: false }])
      expect(wantsSecondRun(parsed(body))).toBe(false);
  });

  it("refuses anything else", () => {
    for (const body of [{ secondRun: "yes" }, { secondRound: 1 }, { round: 2 }])
      expect(generatePairingBodySchema.safeParse(body).success).toBe(false);
  });
});
