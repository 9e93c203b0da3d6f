import { describe, expect, it } from "vitest";
import { partnerTimeText } from "./partner-time-line";

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: "10:00", end: "18:00" }));

describe("a partner's hours in the reader's zone", () => {
  it("says Ana's 10:00 in Berlin is your 01:00 in San Francisco", () => {
    const ana = { userId: "a", timeZone: "Europe/Berlin", workingHours: weekdays };
    const me = { userId: "b", timeZone: "America/Los_Angeles", workingHours: weekdays };
    // Monday 11 January 2027, 08:00 UTC.
    expect(partnerTimeText("Ana", ana, me, Date.UTC(2027, 0, 11, 8))).toBe(
      "Ana's 10:00 Central European Time (Europe/Berlin) is your 01:00; Ana's 18:00 is your 09:00.",
    );
  });

  it("names the reader's day when it differs, and skips the partner's days off", () => {
    const raj = { userId: "r", timeZone: "Asia/Kolkata", workingHours: weekdays };
    const me = { userId: "b", timeZone: "America/New_York", workingHours: weekdays };
    // Saturday 16 January: Raj's next working day is Monday 18 January.
    expect(partnerTimeText("Raj", raj, me, Date.UTC(2027, 0, 16, 12))).toBe(
      "Raj's 10:00 India Standard Time (Asia/Kolkata) is your 23:30 (Sun); Raj's 18:00 is your 07:30.",
    );
  });
});
