import { describe, expect, it } from "vitest";
import { periodLine, programmeBeganLine } from "./connections-texts";

describe("the Connections report's months, as people read them", () => {
  it("names the period's months, not their YYYY-MM", () => {
    expect(periodLine("2026-06", "2026-11")).toBe(
      "Who met whom through the programme, June 2026 to November 2026",
    );
    expect(programmeBeganLine("2026-05", 24)).toBe(
      "The programme began in May 2026: choose From to see earlier months (up to 24 at a time).",
    );
  });
});
