import { describe, expect, it } from "vitest";
import { keptApartText } from "./eligibility-box";

describe("keptApartText", () => {
  it("says how many pairs people's own rules keep apart, and nothing when none", () => {
    expect(keptApartText(0)).toBeNull();
    expect(keptApartText(1)).toBe(
      "1 pair of ready people may not meet by their own rules (never with, manager, way to meet)",
    );
    expect(keptApartText(12)).toMatch(/^12 pairs of ready people may not meet/);
  });
});
