import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedFetch } from "../outbound/pinned-fetch";
import { type RadicaleServer, startRadicale } from "../test/radicale-server";
import { CalendarReadError } from "./busy-times-provider";
import { caldavProvider } from "./caldav-provider";
import type { Interval } from "./intervals";

const BERLIN = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const calendar = (...lines: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cup of Joe tests//EN",
    ...lines,
    "END:VCALENDAR",
    "",
  ].join("\r\n");

const event = (uid: string, ...lines: string[]) => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "DTSTAMP:20270101T000000Z",
  "SUMMARY:Private title that must never be kept",
  ...lines,
  "END:VEVENT",
];

const iso = (intervals: Interval[] | undefined) =>
  (intervals ?? []).map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);

let radicale: RadicaleServer;
const fetchLoopback = pinnedFetch({
  allowPrivate: true,
  refusal: "set CALENDAR_ALLOW_PRIVATE=1",
  timeoutMs: 10_000,
  maxBytes: 5_000_000,
});

beforeAll(async () => {
  radicale = await startRadicale();
  await radicale.putEvents("/ana%40example.com/calendar/", {
    // Mondays 09:00 Berlin for four weeks across 28 March 2027 (CET → CEST); the second one moved
    // to 13:00, the third one cancelled by EXDATE.
    "weekly.ics": calendar(
      ...BERLIN,
      ...event(
        "weekly",
        "DTSTART;TZID=Europe/Berlin:20270315T090000",
        "DTEND;TZID=Europe/Berlin:20270315T093000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "EXDATE;TZID=Europe/Berlin:20270329T090000",
      ),
      ...event(
        "weekly",
        "RECURRENCE-ID;TZID=Europe/Berlin:20270322T090000",
        "DTSTART;TZID=Europe/Berlin:20270322T130000",
        "DTEND;TZID=Europe/Berlin:20270322T140000",
      ),
    ),
    // Saturday 22:00 to Sunday 04:00 Berlin over the change: five hours, not six.
    "night.ics": calendar(
      ...BERLIN,
      ...event(
        "night",
        "DTSTART;TZID=Europe/Berlin:20270327T220000",
        "DTEND;TZID=Europe/Berlin:20270328T040000",
      ),
    ),
    "free.ics": calendar(
      ...event("free", "DTSTART:20270316T100000Z", "DTEND:20270316T120000Z", "TRANSP:TRANSPARENT"),
    ),
    "cancelled.ics": calendar(
      ...event(
        "cancelled",
        "DTSTART:20270317T100000Z",
        "DTEND:20270317T120000Z",
        "STATUS:CANCELLED",
      ),
    ),
    "outside.ics": calendar(
      ...event("outside", "DTSTART:20270501T100000Z", "DTEND:20270501T110000Z"),
    ),
  });
}, 60_000);

afterAll(async () => {
  await radicale?.close();
});

const settings = () => ({
  url: radicale.url,
  username: radicale.username,
  password: radicale.password,
  calendarPath: "/{email}/calendar/",
  fetch: fetchLoopback,
});

describe("busy times from a CalDAV server (Radicale)", () => {
  it("reads recurring, moved, cancelled and transparent events, in their time zone across the DST change", async () => {
    const provider = caldavProvider(settings());
    const busy = await provider.busyTimes(
      ["ana@example.com"],
      new Date("2027-03-14T00:00:00Z"),
      new Date("2027-04-30T00:00:00Z"),
    );
    expect(iso(busy.get("ana@example.com"))).toEqual([
      "2027-03-15T08:00:00.000Z/2027-03-15T08:30:00.000Z", // 09:00 CET
      "2027-03-22T12:00:00.000Z/2027-03-22T13:00:00.000Z", // moved to 13:00 CET
      "2027-03-27T21:00:00.000Z/2027-03-28T02:00:00.000Z", // 22:00 CET to 04:00 CEST
      "2027-04-05T07:00:00.000Z/2027-04-05T07:30:00.000Z", // 09:00 CEST
    ]);
  });

  it("leaves out a person without a calendar, whose working hours then count alone", async () => {
    const provider = caldavProvider(settings());
    const busy = await provider.busyTimes(
      ["ana@example.com", "nobody@example.com"],
      new Date("2027-03-14T00:00:00Z"),
      new Date("2027-03-16T00:00:00Z"),
    );
    expect([...busy.keys()]).toEqual(["ana@example.com"]);
  });

  it("keeps only instants: no title reaches the answer", async () => {
    const provider = caldavProvider(settings());
    const busy = await provider.busyTimes(
      ["ana@example.com"],
      new Date("2027-03-14T00:00:00Z"),
      new Date("2027-04-30T00:00:00Z"),
    );
    expect(JSON.stringify([...busy])).not.toContain("Private title");
  });

  it("says that the password was refused", async () => {
    const provider = caldavProvider({ ...settings(), password: "wrong" });
    const read = provider.busyTimes(
      ["ana@example.com"],
      new Date("2027-03-14"),
      new Date("2027-03-20"),
    );
    await expect(read).rejects.toThrow(CalendarReadError);
    await expect(read).rejects.toThrow(
      /refused the user name and password Cup of Joe signs in with \(401\)/,
    );
  });

  it("refuses a server on an internal address unless the company allows it", async () => {
    const provider = caldavProvider({
      ...settings(),
      fetch: pinnedFetch({
        allowPrivate: false,
        refusal:
          "calendars are read only from public addresses unless CALENDAR_ALLOW_PRIVATE=1 is set",
        timeoutMs: 10_000,
        maxBytes: 5_000_000,
      }),
    });
    const read = provider.busyTimes(
      ["ana@example.com"],
      new Date("2027-03-14"),
      new Date("2027-03-20"),
    );
    await expect(read).rejects.toThrow(
      /could not be reached: 127\.0\.0\.1 is a private or internal address; calendars are read only from public addresses unless CALENDAR_ALLOW_PRIVATE=1 is set\./,
    );
  });

  it("says when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const provider = caldavProvider({ ...settings(), url: `http://127.0.0.1:${port}/` });
    const read = provider.busyTimes(
      ["ana@example.com"],
      new Date("2027-03-14"),
      new Date("2027-03-20"),
    );
    await expect(read).rejects.toThrow(/The CalDAV server could not be reached: .*ECONNREFUSED/);
  });
});
