import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedFetch } from "../outbound/pinned-fetch";
import { caldavProvider } from "./caldav-provider";

const event = (uid: string, summary: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//t//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20270101T000000Z",
    "DTSTART:20270302T090000Z",
    "DTEND:20270302T100000Z",
    `SUMMARY:${summary}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** A CalDAV server whose answer for ana@ is far longer than any two weeks of events. */
const calendars: Record<string, string> = {
  "ana@example.com": event("long", "x".repeat(100_000)),
  "bo@example.com": event("short", "Planning"),
};
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    const text = calendars[decodeURIComponent(request.url?.split("/")[2] ?? "")];
    response.writeHead(207, { "content-type": "application/xml" });
    response.end(
      `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>${request.url}e.ics</d:href><d:propstat><d:prop><c:calendar-data><![CDATA[${text}]]></c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => server.close());

describe("the size of a CalDAV answer", () => {
  it("reads an answer up to its cap before parsing it; a longer one makes that calendar unreadable", async () => {
    const logged: string[] = [];
    const provider = caldavProvider({
      url,
      username: "reader",
      password: "reader-password",
      calendarPath: "/cal/{email}/",
      fetch: pinnedFetch({ allowPrivate: true, refusal: "", timeoutMs: 20_000, maxBytes: 20_000 }),
      log: (line) => logged.push(line),
    });
    const from = new Date("2027-03-01T00:00:00Z");
    const to = new Date("2027-03-15T00:00:00Z");
    const read = await provider.busyTimes(["ana@example.com", "bo@example.com"], from, to);
    expect(read.get("ana@example.com")).toEqual([]);
    expect(read.unreadable).toEqual(
      new Map([["ana@example.com", "its answer is longer than 20000 bytes"]]),
    );
    expect(read.get("bo@example.com")).toEqual([
      { start: new Date("2027-03-02T09:00:00Z"), end: new Date("2027-03-02T10:00:00Z") },
    ]);
    expect(logged).toEqual([
      "CalDAV: a calendar is unreadable, working hours alone count: its answer is longer than 20000 bytes",
    ]);
  });
});
