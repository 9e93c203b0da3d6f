import { describe, expect, it } from "vitest";
import { busyFromICalendar, CalendarUnreadable, defaultBudget } from "./busy-from-icalendar";

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

describe("busy time from iCalendar events", async () => {
  it("reads a TZID the object does not define as the IANA zone it names, across New York's change", async () => {
    const text = calendar(
      ...event(
        "ny",
        "DTSTART;TZID=America/New_York:20270312T090000",
        "DTEND;TZID=America/New_York:20270312T100000",
        "RRULE:FREQ=DAILY;COUNT=4",
      ),
    );
    // 14 March 2027: EST (UTC−5) becomes EDT (UTC−4).
    expect(iso(await busyFromICalendar([text], from, to))).toEqual([
      "2027-03-12T14:00:00.000Z/2027-03-12T15:00:00.000Z",
      "2027-03-13T14:00:00.000Z/2027-03-13T15:00:00.000Z",
      "2027-03-14T13:00:00.000Z/2027-03-14T14:00:00.000Z",
      "2027-03-15T13:00:00.000Z/2027-03-15T14:00:00.000Z",
    ]);
  });

  it("counts an all-day event as the whole day, unless it shows as free", async () => {
    const text = calendar(
      ...event("day", "DTSTART;VALUE=DATE:20270310", "DTEND;VALUE=DATE:20270311"),
      ...event(
        "holiday",
        "DTSTART;VALUE=DATE:20270317",
        "DTEND;VALUE=DATE:20270318",
        "TRANSP:TRANSPARENT",
      ),
    );
    expect(iso(await busyFromICalendar([text], from, to))).toEqual([
      "2027-03-10T00:00:00.000Z/2027-03-11T00:00:00.000Z",
    ]);
  });

  it("skips one cancelled occurrence of a series, and merges overlapping events", async () => {
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
    expect(iso(await busyFromICalendar([text], from, to))).toEqual([
      "2027-03-01T10:00:00.000Z/2027-03-01T12:00:00.000Z",
      "2027-03-15T10:00:00.000Z/2027-03-15T11:00:00.000Z",
    ]);
  });

  it("stops at the end of the range for a series without an end", async () => {
    const text = calendar(
      ...event("forever", "DTSTART:20200106T090000Z", "DTEND:20200106T091500Z", "RRULE:FREQ=DAILY"),
    );
    const spans = await busyFromICalendar([text], from, new Date("2027-03-03T00:00:00Z"));
    expect(iso(spans)).toEqual([
      "2027-03-01T09:00:00.000Z/2027-03-01T09:15:00.000Z",
      "2027-03-02T09:00:00.000Z/2027-03-02T09:15:00.000Z",
    ]);
  });
});

describe("the budget of a calendar read", () => {
  const meeting = event("meeting", "DTSTART:20270302T090000Z", "DTEND:20270302T100000Z");

  it("refuses a rule no date fits, however its other dates are given", async () => {
    const text = calendar(
      ...event(
        "never",
        "DTSTART:20260131T235959Z",
        "DTEND:20260201T000059Z",
        "RRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30",
        "RDATE:20270302T120000Z",
      ),
      ...meeting,
    );
    const read = busyFromICalendar([text], from, to);
    await expect(read).rejects.toBeInstanceOf(CalendarUnreadable);
    await expect(read).rejects.toThrow(
      /a rule no date fits \(FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30\)/,
    );
  });

  it("ends a read past its deadline without holding the event loop, and reads the next one", async () => {
    const text = calendar(
      ...event(
        "every-second",
        "DTSTART:20260131T235959Z",
        "DTEND:20260201T000000Z",
        "RRULE:FREQ=SECONDLY;BYMONTH=1,12",
      ),
    );
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 20);
    const read = busyFromICalendar([text], from, to, { ...defaultBudget, deadlineMs: 1_000 });
    await expect(read).rejects.toThrow(/not read within 1 s/);
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(5);
    expect(iso(await busyFromICalendar([calendar(...meeting)], from, to))).toEqual([
      "2027-03-02T09:00:00.000Z/2027-03-02T10:00:00.000Z",
    ]);
  });

  it("counts the occurrences walked before the range against the budget of an event and a read", async () => {
    const daily = (uid: string, since: string) =>
      event(uid, `DTSTART:${since}T090000Z`, `DTEND:${since}T091500Z`, "RRULE:FREQ=DAILY");
    const patient = {
      stepsPerEvent: 5_000,
      stepsPerRead: 8_000,
      msPerEvent: 60_000,
      deadlineMs: 60_000,
    };
    const end = new Date("2027-03-02T00:00:00Z");
    await expect(
      busyFromICalendar([calendar(...daily("old", "20000101"))], from, end, patient),
    ).rejects.toThrow(/an event that repeats more than 5000 times before the weeks read/);
    const twoRecent = calendar(...daily("a", "20160101"), ...daily("b", "20160102"));
    await expect(busyFromICalendar([twoRecent], from, end, patient)).rejects.toThrow(
      /events that repeat more than 8000 times in all/,
    );
    const one = calendar(...daily("a", "20160101"));
    expect(await busyFromICalendar([one], from, end, patient)).toEqual([
      { start: Date.parse("2027-03-01T09:00:00Z"), end: Date.parse("2027-03-01T09:15:00Z") },
    ]);
  });
});
