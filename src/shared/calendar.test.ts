import { describe, expect, it } from "vitest";
import {
  CHAT_START_OUT_OF_RANGE,
  CHAT_START_PASSED,
  chatStartProblem,
  isTimeZone,
  nextWeekdayMorning,
} from "./calendar";

const at = (iso: string) => new Date(iso);

describe("nextWeekdayMorning", () => {
  it("proposes tomorrow at 10:00 in the person's zone on a weekday", () => {
    expect(nextWeekdayMorning(at("2027-03-10T09:00:00Z"), "UTC").toISOString()).toBe(
      "2027-03-11T10:00:00.000Z",
    );
    expect(nextWeekdayMorning(at("2027-03-10T09:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-03-11T09:00:00.000Z",
    );
  });

  it("skips the weekend from a Friday, a Saturday and a Sunday", () => {
    for (const now of ["2027-03-05T12:00:00Z", "2027-03-06T12:00:00Z", "2027-03-07T12:00:00Z"]) {
      expect(nextWeekdayMorning(at(now), "America/New_York").toISOString(), now).toBe(
        "2027-03-08T15:00:00.000Z",
      );
    }
  });

  it("reads today in the person's zone, not in UTC", () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin, so the next weekday is Tuesday.
    expect(nextWeekdayMorning(at("2027-03-07T23:30:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-03-09T09:00:00.000Z",
    );
    // Thursday 20:00 UTC is Friday 09:00 in Auckland: Monday there, still Sunday in UTC.
    expect(nextWeekdayMorning(at("2027-03-04T20:00:00Z"), "Pacific/Auckland").toISOString()).toBe(
      "2027-03-07T21:00:00.000Z",
    );
    // Friday 22:00 in Los Angeles is Saturday in UTC; the next weekday there is still Monday.
    expect(
      nextWeekdayMorning(at("2027-03-06T06:00:00Z"), "America/Los_Angeles").toISOString(),
    ).toBe("2027-03-08T18:00:00.000Z");
  });

  it("keeps 10:00 local across the clock changes of daylight saving time", () => {
    // Berlin moves to summer time on Sunday 2027-03-28: Monday 10:00 is 08:00 UTC, not 09:00.
    expect(nextWeekdayMorning(at("2027-03-26T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-03-29T08:00:00.000Z",
    );
    // Back to winter time on Sunday 2027-10-31: Monday 10:00 is 09:00 UTC.
    expect(nextWeekdayMorning(at("2027-10-29T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2027-11-01T09:00:00.000Z",
    );
    // New York moves on Sunday 2027-03-14: from a Friday in EST to a Monday in EDT.
    expect(nextWeekdayMorning(at("2027-03-12T15:00:00Z"), "America/New_York").toISOString()).toBe(
      "2027-03-15T14:00:00.000Z",
    );
  });
});

describe("the suggestion on the last evening of a month, in Berlin", () => {
  // At 23:30 UTC Berlin is already in the next day: the suggestion is the next weekday after
  // Berlin's today, at 10:00 in Berlin's time of year. The story
  // `e2e/matches-met-my-match.e2e.ts` sends an invitation from the page on the first of these
  // evenings; the others, once stories too, are checked here.
  it.each([
    {
      day: "the end of January",
      at: "2027-01-31T23:30:00Z",
      suggested: "2027-02-02T09:00:00.000Z",
    },
    {
      day: "the last Sunday of March",
      at: "2027-03-28T23:30:00Z",
      suggested: "2027-03-30T08:00:00.000Z",
    },
    {
      day: "the last Sunday of October",
      at: "2027-10-31T23:30:00Z",
      suggested: "2027-11-02T09:00:00.000Z",
    },
    { day: "29 February 2028", at: "2028-02-29T23:30:00Z", suggested: "2028-03-02T09:00:00.000Z" },
  ])("on $day, suggests $suggested", ({ at: now, suggested }) => {
    expect(nextWeekdayMorning(at(now), "Europe/Berlin").toISOString()).toBe(suggested);
  });
});

describe("isTimeZone", () => {
  it("accepts zone names and refuses anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("chatStartProblem", () => {
  const now = at("2027-03-10T09:00:00Z");
  it("allows a start from now to a year ahead", () => {
    expect(chatStartProblem(now, now)).toBeUndefined();
    expect(chatStartProblem(at("2028-03-10T09:00:00Z"), now)).toBeUndefined();
  });

  it("refuses a start that has passed, even by a minute, and one over a year ahead", () => {
    expect(chatStartProblem(at("2027-03-10T08:59:00Z"), now)).toBe(CHAT_START_PASSED);
    // Yesterday at 10:00 in New York: the window once allowed a day back.
    expect(chatStartProblem(at("2027-03-09T15:00:00Z"), now)).toBe(CHAT_START_PASSED);
    expect(chatStartProblem(at("2028-03-11T09:00:00Z"), now)).toBe(CHAT_START_OUT_OF_RANGE);
    expect(chatStartProblem(at("not a time"), now)).toBe(CHAT_START_OUT_OF_RANGE);
  });
});
