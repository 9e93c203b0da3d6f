import { describe, expect, it } from "vitest";
import { defaultPairingSchedule } from "../../shared/rounds";
import { currentRound, nextRound, roundDates } from "./round-dates";

const rule = { schedule: defaultPairingSchedule, reviewDays: 3, checkInDays: 7, timeZone: "UTC" };

describe("the dates of a round", () => {
  it("puts the pairing day on the first Monday, the draft three days before and the check-in a week after, at 09:00", () => {
    const dates = roundDates("2027-03", rule);
    expect(dates.pairingDay).toBe("2027-03-01");
    expect(dates.draftAt.toISOString()).toBe("2027-02-26T09:00:00.000Z");
    expect(dates.publishAt.toISOString()).toBe("2027-03-01T09:00:00.000Z");
    expect(dates.checkInAt.toISOString()).toBe("2027-03-08T09:00:00.000Z");
  });

  it("reads 09:00 in the company's time zone, daylight saving included", () => {
    const berlin = { ...rule, timeZone: "Europe/Berlin" };
    expect(roundDates("2027-03", berlin).publishAt.toISOString()).toBe("2027-03-01T08:00:00.000Z");
    expect(roundDates("2027-07", berlin).publishAt.toISOString()).toBe("2027-07-05T07:00:00.000Z");
  });

  it("follows a fixed date in its month and the first Monday in the others", () => {
    const fixed = { ...rule, schedule: { type: "fixed" as const, date: "2027-03-10" } };
    expect(roundDates("2027-03", fixed).pairingDay).toBe("2027-03-10");
    expect(roundDates("2027-04", fixed).pairingDay).toBe("2027-04-05");
  });

  it("counts next month's round as current once its review window opened this month", () => {
    expect(currentRound(new Date("2027-02-26T08:59:00Z"), rule)?.month).toBe("2027-02");
    expect(currentRound(new Date("2027-02-26T09:00:00Z"), rule)?.month).toBe("2027-03");
    expect(nextRound(new Date("2027-02-26T09:00:00Z"), rule).month).toBe("2027-04");
  });
});
