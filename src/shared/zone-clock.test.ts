import { describe, expect, it } from "vitest";
import { atInZone, clockIn, dateIn, instantAt, offsetMinutes, timeInZone } from "./zone-clock";

describe("wall clocks across zones", () => {
  it("knows offsets on both sides of a daylight-saving change and Kolkata's half hour", () => {
    expect(offsetMinutes("Europe/Berlin", Date.UTC(2027, 2, 27, 12))).toBe(60);
    expect(offsetMinutes("Europe/Berlin", Date.UTC(2027, 2, 29, 12))).toBe(120);
    expect(offsetMinutes("Asia/Kolkata", Date.UTC(2027, 0, 1))).toBe(330);
    expect(offsetMinutes("America/Los_Angeles", Date.UTC(2027, 0, 1))).toBe(-480);
  });

  it("tells Ana's 10:00 in Berlin as 01:00 in San Francisco, and 02:00 after the US change", () => {
    const winter = instantAt("Europe/Berlin", "2027-01-11", "10:00");
    expect(clockIn("America/Los_Angeles", winter)).toEqual({ time: "01:00", weekday: "Mon" });
    const between = instantAt("Europe/Berlin", "2027-03-15", "10:00");
    expect(clockIn("America/Los_Angeles", between).time).toBe("02:00");
  });

  it("finds a Sydney morning on the day before in Europe", () => {
    const at = instantAt("Australia/Sydney", "2027-04-05", "09:00");
    expect(new Date(at).toISOString()).toBe("2027-04-04T23:00:00.000Z");
    expect(dateIn("Europe/Berlin", at)).toBe("2027-04-05");
    expect(clockIn("Europe/Berlin", at).time).toBe("01:00");
  });
});

describe("a time on an admin page", () => {
  it("names the zone it is in, by the zone's current name", () => {
    // 1 March 2027, 08:00 UTC.
    const at = "2027-03-01T08:00:00.000Z";
    expect(atInZone(at, "Europe/Berlin")).toBe(
      "Mon, Mar 1, 09:00 Central European Time (Europe/Berlin)",
    );
    expect(atInZone(at, "UTC")).toBe("Mon, Mar 1, 08:00 UTC");
    expect(atInZone(at, "Asia/Calcutta")).toBe(
      "Mon, Mar 1, 13:30 India Standard Time (Asia/Kolkata)",
    );
    expect(atInZone(at, "America/Argentina/Buenos_Aires")).toBe(
      "Mon, Mar 1, 05:00 Argentina Standard Time (America/Argentina/Buenos Aires)",
    );
    expect(timeInZone(at, "Europe/Berlin")).toBe("09:00 Central European Time (Europe/Berlin)");
    expect(timeInZone(at, "Asia/Calcutta")).toBe("13:30 India Standard Time (Asia/Kolkata)");
  });
});
