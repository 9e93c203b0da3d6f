import { describe, expect, it } from "vitest";
import {
  type RoundSettingsForm,
  roundSettingsFormSchema,
  roundSettingsSchema,
  scheduleText,
  weekendWarnings,
} from "./rounds";

const form = (fields: Partial<RoundSettingsForm>): RoundSettingsForm => ({
  auto: true,
  reviewDays: 3,
  checkInDays: 7,
  scheduleKind: "company",
  nth: 1,
  weekday: 1,
  date: "",
  ...fields,
});

describe("the round settings form", () => {
  it("sends every kind of schedule the server takes", () => {
    const sent = [
      form({ scheduleKind: "company" }),
      form({ scheduleKind: "nth-weekday", nth: 3, weekday: 3 }),
      form({ scheduleKind: "fixed", date: "2027-03-10" }),
    ].map((values) => roundSettingsFormSchema.parse(values));
    expect(sent.map((s) => s.schedule)).toEqual([
      null,
      { type: "nth-weekday", nth: 3, weekday: 3 },
      { type: "fixed", date: "2027-03-10" },
    ]);
    for (const body of sent) expect(roundSettingsSchema.parse(body)).toEqual(body);
  });

  it("asks for a date only when the schedule is a fixed date", () => {
    const missing = roundSettingsFormSchema.safeParse(form({ scheduleKind: "fixed", date: "" }));
    expect(missing.error?.issues).toMatchObject([
      { path: ["date"], message: "Choose the pairing date." },
    ]);
    const bad = roundSettingsFormSchema.safeParse(
      form({ scheduleKind: "fixed", date: "2027-02-30" }),
    );
    expect(bad.success).toBe(false);
    expect(roundSettingsFormSchema.safeParse(form({ date: "junk" })).success).toBe(true);
  });
});

describe("weekend warnings of the round settings", () => {
  it("names a pairing or check-in day on a weekend, and nothing on weekdays", () => {
    // 2027-04-17 is a Saturday; seven days on is a Saturday too.
    expect(weekendWarnings(form({ scheduleKind: "fixed", date: "2027-04-17" }))).toEqual({
      pairing: "The pairing day falls on a weekend (Saturday).",
      checkIn: "The check-in day falls on a weekend (Saturday).",
    });
    // Wednesday 14 April, check-in four days on: Sunday.
    expect(
      weekendWarnings(form({ scheduleKind: "fixed", date: "2027-04-14", checkInDays: 4 })),
    ).toEqual({ checkIn: "The check-in day falls on a weekend (Sunday)." });
    expect(weekendWarnings(form({ scheduleKind: "nth-weekday", weekday: 0 }))).toEqual({
      pairing: "The pairing day falls on a weekend (Sunday).",
      checkIn: "The check-in day falls on a weekend (Sunday).",
    });
    expect(weekendWarnings(form({ scheduleKind: "nth-weekday", weekday: 1 }))).toEqual({});
    expect(weekendWarnings(form({ scheduleKind: "fixed", date: "2027-02-30" }))).toEqual({});
    expect(weekendWarnings(form({ scheduleKind: "company", weekday: 6 }))).toEqual({});
  });
});

describe("a pairing schedule in words (the Pairing day choice)", () => {
  it("names the weekday rule and, for a fixed date, the rule of the other months", () => {
    expect(scheduleText({ type: "nth-weekday", nth: 1, weekday: 1 })).toBe(
      "the first Monday of the month",
    );
    expect(scheduleText({ type: "nth-weekday", nth: 3, weekday: 4 })).toBe(
      "the third Thursday of the month",
    );
    expect(scheduleText({ type: "fixed", date: "2027-03-10" })).toBe(
      "2027-03-10, other months the first Monday of the month",
    );
  });
});
