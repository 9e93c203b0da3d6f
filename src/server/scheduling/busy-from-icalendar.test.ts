import { describe, expect, it } from "vitest";
import { busyFromICalendar } from "./busy-from-icalendar";

const calendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "DTSTAMP:20270101T000000Z",
  ...lines,
  "END:VEVENT",
];
const iso = (spans: Array<{ start: number; end: number }>) =>
  spans.map((s) => `${new Date(s.start).toISOString()}/${new Date(s.end).toISOString()}`);

const from = new Date("2027-03-01T00:00:00Z");
const to = new Date("2027-04-01T00:00:00Z");

describe("busy time from iCalendar events", () => {
  it("reads a TZID the object does not define as the IANA zone it names, across New York's change", () => {
    const text = calendar(
      ...event(
        "ny",
        "DTSTART;TZID=America/New_York:20270312T090000",
        "DTEND;TZID=America/New_York:20270312T100000",
        "RRULE:FREQ=DAILY;COUNT=4",
      ),
    );
    // 14 March 2027: EST (UTC−5) becomes EDT (UTC−4).
    expect(iso(busyFromICalendar([text], from, to))).toEqual([
      "2027-03-12T14:00:00.000Z/2027-03-12T15:00:00.000Z",
      "2027-03-13T14:00:00.000Z/2027-03-13T15:00:00.000Z",
      "2027-03-14T13:00:00.000Z/2027-03-14T14:00:00.000Z",
      "2027-03-15T13:00:00.000Z/2027-03-15T14:00:00.000Z",
    ]);
  });

  it("counts an all-day event as the whole day, unless it shows as free", () => {
    const text = calendar(
      ...event("day", "DTSTART;VALUE=DATE:20270310", "DTEND;VALUE=DATE:20270311"),
      ...event(
        "holiday",
        "DTSTART;VALUE=DATE:20270317",
        "DTEND;VALUE=DATE:20270318",
        "TRANSP:TRANSPARENT",
      ),
    );
    expect(iso(busyFromICalendar([text], from, to))).toEqual([
      "2027-03-10T00:00:00.000Z/2027-03-11T00:00:00.000Z",
    ]);
  });

  it("skips one cancelled occurrence of a series, and merges overlapping events", () => {
    const text = calendar(
      ...event(
        "series",
        "DTSTART:20270301T100000Z",
        "DTEND:20270301T110000Z",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
      ...event(
        "series",
        "RECURRENCE-ID:20270308T100000Z",
        "DTSTART:20270308T100000Z",
        "DTEND:20270308T110000Z",
        "STATUS:CANCELLED",
      ),
      ...event("overlap", "DTSTART:20270301T103000Z", "DTEND:20270301T120000Z"),
    );
    expect(iso(busyFromICalendar([text], from, to))).toEqual([
      "2027-03-01T10:00:00.000Z/2027-03-01T12:00:00.000Z",
      "2027-03-15T10:00:00.000Z/2027-03-15T11:00:00.000Z",
    ]);
  });

  it("stops at the end of the range for a series without an end", () => {
    const text = calendar(
      ...event("forever", "DTSTART:20200106T090000Z", "DTEND:20200106T091500Z", "RRULE:FREQ=DAILY"),
    );
    const spans = busyFromICalendar([text], from, new Date("2027-03-03T00:00:00Z"));
    expect(iso(spans)).toEqual([
      "2027-03-01T09:00:00.000Z/2027-03-01T09:15:00.000Z",
      "2027-03-02T09:00:00.000Z/2027-03-02T09:15:00.000Z",
    ]);
  });
});
