import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import { createRunningCompany, signIn, signInAdmin } from "../test/factories";
import { copyMigratedDataDir } from "../test/migrated-snapshot";

// Two rules that held the whole server when ical.js ran on the event loop (docs/scheduling.md,
// "What is refused"), served by a CalDAV server of our own to the real, compiled server in a
// child process: one walked one second at a time, one with no date at all beside a date of its own.

const everySecond = [
  "DTSTART:20260131T235959Z",
  "DTEND:20260201T000000Z",
  "RRULE:FREQ=SECONDLY;BYMONTH=1,12",
];
/** `20270302T120000Z` for an instant. */
const icalTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
const noDate = (rdate: number) => [
  "DTSTART:20260131T235959Z",
  "DTEND:20260201T000059Z",
  "RRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30",
  `RDATE:${icalTime(rdate)}`,
];
const calendar = (...events: string[][]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//t//EN",
    ...events.flatMap((lines, i) => [
      "BEGIN:VEVENT",
      `UID:hostile-${i}`,
      "DTSTAMP:20260101T000000Z",
      ...lines,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** A CalDAV server answering every calendar-query REPORT with the calendar of the path's address. */
function startCaldavStandIn(calendars: Map<string, string>) {
  const reports: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    const email = decodeURIComponent(request.url?.split("/")[2] ?? "");
    const text = calendars.get(email);
    if (request.method !== "REPORT" || !text) {
      response.writeHead(404).end();
      return;
    }
    reports.push(email);
    response.writeHead(207, { "content-type": 'application/xml; charset="utf-8"' });
    response.end(
      `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>${request.url}hostile.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag><c:calendar-data><![CDATA[${text}]]></c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
    );
  });
  return new Promise<{ url: string; server: Server; reports: string[] }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        server,
        reports,
      }),
    ),
  );
}

let dataDir: string;
let caldav: Awaited<ReturnType<typeof startCaldavStandIn>>;
let app: AppProcess | undefined;
const people = { ada: "", admin: "", chief: "", matchId: 0, adaEmail: "", bobEmail: "" };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "coj-hostile-"));
  copyMigratedDataDir(path.join(dataDir, "db"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await database.migrate();
  const { person, match, domain } = await createRunningCompany(database.db, { name: "Hostile" });
  const ada = await person("Ada");
  const bob = await person("Bob");
  people.matchId = (await match(ada, bob)).id;
  people.ada = await signIn(database.db, ada);
  people.adaEmail = ada.email;
  people.bobEmail = bob.email;
  people.admin = await signInAdmin(database.db, { email: `boss@${domain}` });
  people.chief = await signInAdmin(database.db, { email: `chief@${domain}` });
  await database.close();
  const soon = Date.now() + 2 * 24 * 60 * 60 * 1000;
  caldav = await startCaldavStandIn(
    new Map([
      [ada.email, calendar(everySecond)],
      [bob.email, calendar(noDate(soon))],
      [`boss@${domain}`, calendar(everySecond, noDate(soon))],
      [`chief@${domain}`, calendar(everySecond)],
    ]),
  );
  app = await startAppProcess({
    DATA_DIR: dataDir,
    CALDAV_URL: caldav.url,
    CALDAV_USERNAME: "reader",
    CALDAV_PASSWORD: "caldav-secret-password",
    CALDAV_CALENDAR_PATH: "/cal/{email}/",
    CALENDAR_ALLOW_PRIVATE: "1",
  });
}, 120_000);

afterAll(async () => {
  await app?.kill();
  caldav?.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** How long the server takes to answer /api/health, in milliseconds. */
async function healthMs(url: string): Promise<number> {
  const started = performance.now();
  await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(60_000) });
  return performance.now() - started;
}

/** Asks /api/health again and again until `work` settles: the longest wait for an answer. */
async function longestHealthWhile(url: string, work: Promise<unknown>) {
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  const waits: number[] = [];
  while (!settled) {
    waits.push(await healthMs(url));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const sorted = waits.toSorted((a, b) => a - b);
  return {
    longest: sorted[sorted.length - 1],
    median: sorted[Math.floor(sorted.length / 2)],
    asked: waits.length,
  };
}

describe("a calendar whose rules never end", () => {
  it("leaves the server answering, and proposes times in working hours alone", async () => {
    const server = app as AppProcess;
    const started = performance.now();
    const times = fetch(`${server.url}/api/matches/${people.matchId}/times`, {
      headers: { cookie: people.ada },
      signal: AbortSignal.timeout(60_000),
    });
    // From the calendar's answer on: the database's work for the request before is not the point.
    await expect.poll(() => caldav.reports.length, { timeout: 30_000 }).toBe(2);
    const health = await longestHealthWhile(server.url, times);
    const answer = await times;
    const tookMs = performance.now() - started;
    expect(answer.status).toBe(200);
    expect((await answer.json()).times).toHaveLength(3);
    expect(new Set(caldav.reports)).toEqual(new Set([people.adaEmail, people.bobEmail]));
    // The read takes its deadline (5 s) while /api/health keeps answering, in a few milliseconds
    // on a quiet machine; before, nothing was answered for 30 s and more. The longest wait is
    // allowed more than a second for a machine under load (the suite's other processes).
    expect(health.asked).toBeGreaterThan(3);
    expect(health.median).toBeLessThan(1_000);
    expect(health.longest).toBeLessThan(3_000);
    expect(tookMs).toBeLessThan(30_000);
    expect(server.log()).toContain("CalDAV: a calendar is unreadable, working hours alone count");
    expect(server.log()).not.toContain("caldav-secret-password");
    expect(server.log()).not.toContain(people.adaEmail);
  }, 90_000);

  it("tells the admin's Test connection why their calendar is unreadable", async () => {
    const server = app as AppProcess;
    const answer = await fetch(`${server.url}/api/admin/calendar/test`, {
      method: "POST",
      headers: { cookie: people.admin },
      signal: AbortSignal.timeout(60_000),
    });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.connected).toBe(false);
    expect(body.message).toMatch(
      /^CalDAV answered, but your calendar cannot be read: it holds an event repeating by a rule no date fits \(FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30\)/,
    );
  }, 60_000);

  it("stops on SIGTERM while a calendar is being read", async () => {
    const server = app as AppProcess;
    const before = caldav.reports.length;
    const reading = fetch(`${server.url}/api/admin/calendar/test`, {
      method: "POST",
      headers: { cookie: people.chief },
    }).then(
      () => "answered",
      () => "cut off by the stop",
    );
    await expect.poll(() => caldav.reports.length, { timeout: 30_000 }).toBeGreaterThan(before);
    await server.stop();
    expect(server.child.exitCode ?? server.child.signalCode).not.toBeNull();
    // Either ends it: the stop lets a request under way finish, or closes its connection.
    expect(["answered", "cut off by the stop"]).toContain(await reading);
  }, 60_000);
});
