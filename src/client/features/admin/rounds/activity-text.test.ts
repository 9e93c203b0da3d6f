import { describe, expect, it } from "vitest";
import { activityActor, activityTime } from "./activity-text";

describe("an activity line's time", () => {
  const now = new Date("2027-04-12T10:00:00Z");

  it("leaves the year out for this year's lines and writes it for last year's", () => {
    expect(activityTime("2027-03-01T09:00:00Z", "UTC", now)).toBe("Mon, Mar 1, 09:00 UTC");
    expect(activityTime("2026-11-02T09:00:00Z", "UTC", now)).toBe("Mon, Nov 2, 2026, 09:00 UTC");
  });

  it("writes every line's year until the server's time is known", () => {
    expect(activityTime("2027-03-01T09:00:00Z", "UTC", null)).toBe("Mon, Mar 1, 2027, 09:00 UTC");
  });

  it("reads the year in the company's zone, not in UTC", () => {
    // 23:30 UTC on New Year's Eve is already New Year's Day in Berlin, and still the old year in UTC.
    const newYear = new Date("2027-01-01T00:30:00Z");
    const lastNight = "2026-12-31T23:30:00Z";
    expect(activityTime(lastNight, "Europe/Berlin", newYear)).toMatch(/^Fri, Jan 1, 00:30 /);
    expect(activityTime(lastNight, "UTC", newYear)).toBe("Thu, Dec 31, 2026, 23:30 UTC");
  });
});

describe("an activity line's actor", () => {
  it("is shown after a line that does not name them first", () => {
    expect(activityActor("Moved Bea Four to the match with Cal Four.", "Ann Admin")).toBe(
      "Ann Admin",
    );
  });

  it("is left out when the line begins with their name, or nobody did it", () => {
    expect(activityActor("Ann Admin completed March 2027 – All Users.", "Ann Admin")).toBeNull();
    expect(activityActor("Asked Grace Weber whether they met Ben.", null)).toBeNull();
  });
});
