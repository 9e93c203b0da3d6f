import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonthsToIsoDate, PAUSE_SCALE_MS, participationFill } from "./participation";

const now = Date.parse("2027-03-01T10:00:00Z");

describe("participation mug fill", () => {
  it("is full when active and empty when opted out", () => {
    expect(participationFill("active", null, now)).toBe(100);
    expect(participationFill("opted_out", "2027-04-01", now)).toBe(0);
  });

  it("is a quarter full for a pause without an end date", () => {
    expect(participationFill("paused", null, now)).toBe(25);
  });

  it("scales the time left over 30 days to 20 percent", () => {
    const end = new Date(now + PAUSE_SCALE_MS * 1.5).toISOString();
    expect(participationFill("paused", end, now)).toBeCloseTo(30);
  });

  it("clamps a long pause to 50 and a nearly finished one to 10", () => {
    expect(participationFill("paused", "2027-06-01", now)).toBe(50);
    expect(participationFill("paused", "2027-03-02", now)).toBe(10);
  });

  it("is full again once the end date has passed", () => {
    expect(participationFill("paused", "2027-02-28", now)).toBe(100);
  });

  it("always stays between 10 and 50 for a pause that has not ended", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * PAUSE_SCALE_MS }), (left) => {
        const fill = participationFill("paused", new Date(now + left).toISOString(), now);
        return fill >= 10 && fill <= 50;
      }),
    );
  });
});

describe("adding months to a date", () => {
  it("keeps the day of the month", () => {
    expect(addMonthsToIsoDate("2027-03-01", 1)).toBe("2027-04-01");
    expect(addMonthsToIsoDate("2027-11-15", 3)).toBe("2028-02-15");
  });

  it("falls back to the last day of a shorter month", () => {
    expect(addMonthsToIsoDate("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonthsToIsoDate("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToIsoDate("2027-12-31", 3)).toBe("2028-03-31");
  });
});
