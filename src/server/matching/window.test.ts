import { describe, expect, it } from "vitest";
import { blockedMonths, formatMonth, isInWindow, monthIndex } from "./window";

describe("repeat window", () => {
  it("blocks the N months before the month being paired, across a year boundary", () => {
    expect(blockedMonths("2027-03", 3)).toEqual(["2026-12", "2027-01", "2027-02"]);
    expect(blockedMonths("2027-01", 2)).toEqual(["2026-11", "2026-12"]);
    expect(blockedMonths("2027-01", 13)[0]).toBe("2025-12");
  });

  it("does not block the month itself, months before the window, or a window of 0", () => {
    expect(isInWindow("2027-03", "2027-03", 3)).toBe(false);
    expect(isInWindow("2026-11", "2027-03", 3)).toBe(false);
    expect(isInWindow("2026-12", "2027-03", 3)).toBe(true);
    expect(isInWindow("2027-02", "2027-03", 0)).toBe(false);
  });

  it("counts months continuously over years and round-trips them", () => {
    expect(monthIndex("2027-01") - monthIndex("2026-12")).toBe(1);
    expect(formatMonth(monthIndex("2026-12"))).toBe("2026-12");
    expect(Number.isNaN(monthIndex("2027-13"))).toBe(true);
    expect(Number.isNaN(monthIndex("2027-3"))).toBe(true);
  });
});
