import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WorkingDay } from "../../shared/working-hours";
import type { Interval } from "./intervals";
import { proposeTimes, type SchedulingMember } from "./propose-times";

const weekdays = (start: string, end: string): WorkingDay[] =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

const member = (timeZone: string, hours = weekdays("09:00", "17:00")): SchedulingMember => ({
  timeZone,
  workingHours: hours,
  busy: [],
});

/** Weekday (Monday = 1) and "HH:MM" of an instant in a zone, read by Intl: independent of the code. */
function wallClock(instant: Date, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday")) + 1;
  return { day, time: `${part("hour")}:${part("minute")}` };
}

/** True when the whole chat lies inside one of the person's working-hours entries (same day). */
function insideWorkingHours(time: Interval, person: SchedulingMember): boolean {
  const start = wallClock(time.start, person.timeZone);
  const end = wallClock(new Date(time.end.getTime() - 60_000), person.timeZone);
  return person.workingHours.some(
    (h) => h.day === start.day && h.day === end.day && h.start <= start.time && end.time < h.end,
  );
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe("proposing times for a match", () => {
  it("proposes three 30-minute times inside Berlin's and New York's hours, on three different days", () => {
    const members = [member("Europe/Berlin"), member("America/New_York")];
    const times = proposeTimes({ members, from: new Date("2027-06-01T08:00:00Z") });
    expect(times).toHaveLength(3);
    for (const time of times) {
      expect(time.end.getTime() - time.start.getTime()).toBe(30 * 60_000);
      for (const m of members) expect(insideWorkingHours(time, m)).toBe(true);
    }
    expect(new Set(times.map((t) => utcDay(t.start))).size).toBe(3);
    // Berlin 09–17 (UTC+2) and New York 09–17 (UTC−4) share 13:00–15:00 UTC only.
    expect(times.map((t) => t.start.toISOString())).toEqual([
      "2027-06-02T13:00:00.000Z",
      "2027-06-07T14:00:00.000Z",
      "2027-06-10T14:30:00.000Z",
    ]);
  });

  it("gives the same times for the same input", () => {
    const input = {
      members: [member("Asia/Kolkata"), member("Europe/Berlin")],
      from: new Date("2027-02-10T12:00:00Z"),
    };
    expect(proposeTimes(input)).toEqual(proposeTimes(input));
  });

  it("starts the day after `from` and stays within ten working days", () => {
    const from = new Date("2027-06-01T08:00:00Z"); // a Tuesday
    const times = proposeTimes({ members: [member("UTC")], from, count: 30 });
    expect(times[0].start.toISOString()).toBe("2027-06-02T09:00:00.000Z");
    const last = times.at(-1)?.start.toISOString() ?? "";
    expect(last <= "2027-06-15T17:00:00.000Z").toBe(true); // the 10th weekday after 1 June
    expect(times.some((t) => utcDay(t.start) === "2027-06-15")).toBe(true);
  });

  it("keeps New York's 09:00 at 09:00 while Berlin has not yet changed its clocks (March 2027)", () => {
    // New York moves on 14 March, Berlin on 28 March: for two weeks they are 5 hours apart, not 6.
    const members = [
      member("America/New_York", weekdays("09:00", "10:00")),
      member("Europe/Berlin", weekdays("14:00", "15:00")),
    ];
    const before = proposeTimes({
      members,
      from: new Date("2027-03-01T12:00:00Z"),
      workingDays: 8,
    });
    const between = proposeTimes({
      members,
      from: new Date("2027-03-15T12:00:00Z"),
      workingDays: 8,
    });
    const after = proposeTimes({ members, from: new Date("2027-03-29T12:00:00Z"), workingDays: 8 });
    expect(before).toEqual([]); // 09:00 in New York is 15:00 in Berlin: no shared hour
    expect(after).toEqual([]);
    expect(between).toHaveLength(3);
    for (const time of between) {
      expect(wallClock(time.start, "America/New_York").time).toMatch(/^09:(00|30)$/);
      expect(wallClock(time.start, "Europe/Berlin").time).toMatch(/^14:(00|30)$/);
    }
  });

  it("follows Sydney's change on 4 April 2027 and Kolkata's half hour", () => {
    const members = [
      member("Australia/Sydney", weekdays("14:00", "17:30")),
      member("Asia/Kolkata", weekdays("09:00", "12:00")),
    ];
    const times = proposeTimes({ members, from: new Date("2027-03-29T00:00:00Z"), count: 100 });
    for (const time of times)
      for (const m of members) expect(insideWorkingHours(time, m)).toBe(true);
    const startsOn = (day: string) =>
      times.filter((t) => utcDay(t.start) === day).map((t) => t.start.toISOString().slice(11, 16));
    // Kolkata 09:00–12:00 is 03:30–06:30 UTC all year. Sydney 14:00–17:30 is 03:00–06:30 UTC
    // (UTC+11) until Sunday 4 April, then 04:00–07:30 UTC (UTC+10).
    expect(startsOn("2027-04-02")).toEqual(["03:30", "04:00", "04:30", "05:00", "05:30", "06:00"]);
    expect(startsOn("2027-04-04")).toEqual([]);
    expect(startsOn("2027-04-05")).toEqual(["04:00", "04:30", "05:00", "05:30", "06:00"]);
    for (const t of times) expect(wallClock(t.start, "Asia/Kolkata").time).toMatch(/:(00|30)$/);
  });

  it("leaves out everyone's busy time", () => {
    const from = new Date("2027-06-01T08:00:00Z");
    const alone = proposeTimes({ members: [member("UTC")], from });
    const busy = alone.map((t) => ({ start: t.start, end: t.end }));
    const times = proposeTimes({ members: [member("UTC"), { ...member("UTC"), busy }], from });
    expect(times).toHaveLength(3);
    for (const t of times) for (const b of busy) expect(overlaps(t, b)).toBe(false);
  });

  it("proposes the one free half hour when the rest of the fortnight is busy", () => {
    const from = new Date("2027-06-01T08:00:00Z");
    const busy = [
      { start: new Date("2027-06-01T00:00:00Z"), end: new Date("2027-06-09T10:00:00Z") },
      { start: new Date("2027-06-09T10:30:00Z"), end: new Date("2027-07-01T00:00:00Z") },
    ];
    const times = proposeTimes({ members: [member("UTC"), { ...member("UTC"), busy }], from });
    expect(times.map((t) => t.start.toISOString())).toEqual(["2027-06-09T10:00:00.000Z"]);
  });

  it("proposes nothing when the working hours never meet", () => {
    const members = [member("Pacific/Auckland"), member("Europe/London")];
    expect(proposeTimes({ members, from: new Date("2027-06-01T08:00:00Z") })).toEqual([]);
  });

  it("spreads times over one day when only one day is free, without overlapping", () => {
    const from = new Date("2027-06-01T08:00:00Z");
    const busy = [
      { start: new Date("2027-06-01T00:00:00Z"), end: new Date("2027-06-03T00:00:00Z") },
      { start: new Date("2027-06-04T00:00:00Z"), end: new Date("2027-07-01T00:00:00Z") },
    ];
    const times = proposeTimes({
      members: [{ ...member("UTC"), busy }],
      from,
      durationMinutes: 60,
    });
    expect(times.map((t) => t.start.toISOString().slice(11, 16))).toEqual([
      "10:00",
      "12:30",
      "15:00",
    ]);
  });

  it("always answers non-overlapping times inside every member's hours and outside their busy time", () => {
    const zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC"];
    const busyArb = fc.array(
      fc.record({
        offsetH: fc.integer({ min: 0, max: 24 * 20 }),
        lengthH: fc.integer({ min: 1, max: 30 }),
      }),
      { maxLength: 8 },
    );
    const memberArb = fc.record({
      timeZone: fc.constantFrom(...zones),
      startHour: fc.integer({ min: 0, max: 12 }),
      length: fc.integer({ min: 2, max: 11 }),
      busy: busyArb,
    });
    fc.assert(
      fc.property(
        fc.array(memberArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2028, 11, 1) }),
        (specs, fromMs) => {
          const members: SchedulingMember[] = specs.map((s) => ({
            timeZone: s.timeZone,
            workingHours: weekdays(
              `${String(s.startHour).padStart(2, "0")}:00`,
              `${String(s.startHour + s.length).padStart(2, "0")}:00`,
            ),
            busy: s.busy.map((b) => ({
              start: new Date(fromMs + b.offsetH * 3_600_000),
              end: new Date(fromMs + (b.offsetH + b.lengthH) * 3_600_000),
            })),
          }));
          const times = proposeTimes({ members, from: new Date(fromMs) });
          expect(times.length).toBeLessThanOrEqual(3);
          times.forEach((t, i) => {
            expect(t.start.getTime()).toBeGreaterThan(fromMs);
            for (const m of members) {
              expect(insideWorkingHours(t, m)).toBe(true);
              for (const b of m.busy) expect(overlaps(t, b)).toBe(false);
            }
            for (const other of times.slice(i + 1)) expect(overlaps(t, other)).toBe(false);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
