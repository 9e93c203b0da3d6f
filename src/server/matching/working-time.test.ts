import { describe, expect, it } from "vitest";
import { satOutText } from "../../shared/sat-out";
import { runMatching, validateResult } from "./engine";
import { parseInstance } from "./instance-schema";
import { satOutReasons } from "./sat-out-reason";
import type { MatchingInstance, MatchingUser } from "./types";
import { sharedMinutes, workingSpans } from "./working-time";

const days = (list: number[], start: string, end: string) =>
  list.map((day) => ({ day, start, end }));
const weekdays = (start: string, end: string) => days([1, 2, 3, 4, 5], start, end);

/** Minutes two people share in the two weeks from `from` (a date, 00:00 UTC). */
function shared(from: string, a: Schedule, b: Schedule): number {
  const at = Date.parse(`${from}T00:00:00Z`);
  return sharedMinutes([workingSpans(a.tz, a.hours, at), workingSpans(b.tz, b.hours, at)]);
}
type Schedule = { tz: string; hours: { day: number; start: string; end: string }[] };

describe("shared working time across daylight-saving changes", () => {
  it("Berlin 09:00–17:30 and San Francisco 08:00–16:00 share 30 minutes a day, 90 after the US change", () => {
    const berlin = { tz: "Europe/Berlin", hours: weekdays("09:00", "17:30") };
    const sf = { tz: "America/Los_Angeles", hours: weekdays("08:00", "16:00") };
    // Winter: nine hours apart, 30 minutes a day for ten days.
    expect(shared("2027-01-11", berlin, sf)).toBe(10 * 30);
    // The US moves its clocks on 14 March 2027, Europe on 28 March: the second week is eight
    // hours apart, so each day shares 90 minutes.
    expect(shared("2027-03-08", berlin, sf)).toBe(5 * 30 + 5 * 90);
  });

  it("Berlin and New York across the European change", () => {
    const berlin = { tz: "Europe/Berlin", hours: weekdays("09:00", "17:00") };
    const ny = { tz: "America/New_York", hours: weekdays("09:00", "17:00") };
    // 22–26 March: five hours apart (New York already on summer time) → 3 h a day;
    // from 29 March six hours apart → 2 h a day.
    expect(shared("2027-03-22", berlin, ny)).toBe(5 * 180 + 5 * 120);
  });

  it("Berlin and Kolkata's half hour: 3.5 h a day, 4.5 h once Berlin is on summer time", () => {
    const berlin = { tz: "Europe/Berlin", hours: weekdays("09:00", "17:00") };
    const kolkata = { tz: "Asia/Kolkata", hours: weekdays("09:00", "17:00") };
    expect(shared("2027-03-22", berlin, kolkata)).toBe(5 * 210 + 5 * 270);
  });

  it("Sydney and Kolkata across Sydney's autumn change (4 April 2027)", () => {
    const sydney = { tz: "Australia/Sydney", hours: weekdays("09:00", "17:00") };
    const kolkata = { tz: "Asia/Kolkata", hours: weekdays("09:00", "17:00") };
    expect(shared("2027-03-29", sydney, kolkata)).toBe(5 * 150 + 5 * 210);
  });

  it("a day whose hours start in the skipped hour starts when the clocks show it", () => {
    const night = { tz: "Europe/Berlin", hours: days([7], "02:30", "04:00") };
    const utc = { tz: "UTC", hours: days([7], "00:00", "24:00") };
    // Sunday 28 March 2027: 02:30 does not exist in Berlin; 03:30 CEST–04:00 CEST is 30 minutes.
    // Sunday 4 April: 02:30–04:00 CEST, 90 minutes.
    expect(shared("2027-03-22", night, utc)).toBe(30 + 90);
  });
});

const person = (
  id: string,
  department: string,
  tz: string,
  hours = weekdays("09:00", "17:00"),
): MatchingUser => ({
  id,
  department,
  preference: "any",
  timeZone: tz,
  hours,
});

const instance = (users: MatchingUser[], minOverlapMinutes: number): MatchingInstance =>
  parseInstance({
    month: "2027-01",
    repeatWindowMonths: 3,
    seed: 7,
    users,
    overlapFrom: "2027-01-11",
    minOverlapMinutes,
  });

describe("rule 4: everyone in a group shares the minimum", () => {
  const ana = person("ana", "sales", "Europe/Berlin", days([1], "09:00", "17:30"));
  const bo = person("bo", "legal", "America/Los_Angeles", days([1], "08:00", "16:00"));

  it("pairs Berlin and San Francisco with one hour in two weeks at 60 minutes, not at 90", () => {
    for (const strategy of ["exact", "fast"] as const) {
      const at60 = instance([ana, bo], 60);
      const ok = runMatching(at60, { strategy });
      expect(ok.groups).toEqual([expect.arrayContaining(["ana", "bo"])]);
      expect(validateResult(at60, ok)).toEqual([]);
      const at90 = instance([ana, bo], 90);
      const refused = runMatching(at90, { strategy });
      expect(refused.groups).toEqual([]);
      expect(validateResult(at90, refused)).toEqual([]);
    }
  });

  it("tells the person left out why, in words", () => {
    const at90 = instance([ana, bo], 90);
    const [entry] = satOutReasons(at90, ["ana"]);
    expect(entry.reason).toEqual({ kind: "working-hours", minutes: 90, could: 1 });
    expect(satOutText(entry.reason, "Ana")).toBe(
      "The one person Ana could meet shares less than 90 minutes of working time with them in the next two weeks.",
    );
  });

  it("a trio needs time all three share, not only each pair", () => {
    // Morning and evening people each share time with the all-day person and with each other
    // only pairwise windows that do not meet at once.
    const allDay = person("all", "a", "UTC", weekdays("08:00", "18:00"));
    const early = person("early", "b", "UTC", weekdays("08:00", "13:00"));
    const late = person("late", "c", "UTC", weekdays("12:30", "18:00"));
    const inst = { ...instance([allDay, early, late], 60), oddPolicy: "trio" as const };
    // early–late share 30 min a day (300 in two weeks) ≥ 60, but all three share the same 300.
    const result = runMatching(inst, { strategy: "exact" });
    expect(validateResult(inst, result)).toEqual([]);
    expect(result.groups).toHaveLength(1);
    const strict = { ...inst, minOverlapMinutes: 301 };
    const fewer = runMatching(strict, { strategy: "exact" });
    expect(validateResult(strict, fewer)).toEqual([]);
    expect(fewer.groups.flat()).not.toEqual(expect.arrayContaining(["early", "late"]));
  });
});

describe("objective level 3: more shared time is better, after cross-department pairs", () => {
  it("pairs people in the same zone when departments do not decide", () => {
    const users = [
      person("b1", "x", "Europe/Berlin"),
      person("k1", "x", "Asia/Kolkata"),
      person("b2", "x", "Europe/Berlin"),
      person("k2", "x", "Asia/Kolkata"),
    ];
    for (let seed = 1; seed <= 5; seed++) {
      const result = runMatching({ ...instance(users, 60), seed }, { strategy: "exact" });
      const sorted = result.groups.map((g) => [...g].sort()).sort();
      expect(sorted).toEqual([
        ["b1", "b2"],
        ["k1", "k2"],
      ]);
    }
  });

  it("still prefers cross-department pairs to more shared time", () => {
    const users = [
      person("b1", "x", "Europe/Berlin"),
      person("k1", "x", "Asia/Kolkata"),
      person("b2", "y", "Europe/Berlin"),
      person("k2", "y", "Asia/Kolkata"),
    ];
    const result = runMatching(instance(users, 60), { strategy: "exact" });
    expect(result.stats.crossDepartmentPairs).toBe(2);
  });
});

describe("instance check", () => {
  const base = { month: "2027-01", repeatWindowMonths: 3, users: [] as unknown[] };
  it("refuses an unknown zone, bad hours, a bad date and a bad minimum", () => {
    const user = { id: "a", department: "d", preference: "any" };
    expect(() =>
      parseInstance({ ...base, users: [{ ...user, timeZone: "Mars/Olympus" }] }),
    ).toThrow(/users\[0\]\.timeZone: unknown time zone "Mars\/Olympus"/);
    expect(() =>
      parseInstance({
        ...base,
        users: [{ ...user, hours: [{ day: 8, start: "09:00", end: "17:00" }] }],
      }),
    ).toThrow(/users\[0\]\.hours: .*day from 1 \(Monday\) to 7/);
    expect(() => parseInstance({ ...base, overlapFrom: "2027-02-30" })).toThrow(/overlapFrom/);
    expect(() => parseInstance({ ...base, minOverlapMinutes: -1 })).toThrow(/minOverlapMinutes/);
    expect(
      parseInstance({ ...base, overlapFrom: "2027-02-28", minOverlapMinutes: 60 })
        .minOverlapMinutes,
    ).toBe(60);
  });
});
