import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS, workingHoursSummary } from "./working-hours";

describe("working hours in a few words", () => {
  it("names a run of days that share one span once", () => {
    expect(workingHoursSummary(DEFAULT_WORKING_HOURS)).toBe("Monday–Friday, 09:00–17:00");
  });

  it("lists each day when the days differ or skip one", () => {
    expect(
      workingHoursSummary([
        { day: 3, start: "10:00", end: "14:00" },
        { day: 1, start: "09:00", end: "17:00" },
      ]),
    ).toBe("Monday 09:00–17:00; Wednesday 10:00–14:00");
  });

  it("says when there is no working day", () => {
    expect(workingHoursSummary([])).toBe("No working days");
  });
});
