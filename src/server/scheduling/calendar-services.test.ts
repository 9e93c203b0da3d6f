import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedFetch } from "../outbound/pinned-fetch";
import {
  type CalendarServicesStandIn,
  startCalendarServicesStandIn,
} from "../test/calendar-services-stand-in";
import { CalendarReadError } from "./busy-times-provider";
import { googleProvider } from "./google-provider";
import type { Interval } from "./intervals";
import { microsoftGraphProvider } from "./microsoft-graph-provider";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();

const microsoft = { tenantId: "contoso-tenant", clientId: "app-id", clientSecret: "app-secret" };
const google = {
  serviceAccountEmail: "coffee@project.iam.gserviceaccount.com",
  publicKey: publicPem,
  delegatedUser: "admin@example.com",
};

const from = new Date("2027-03-01T00:00:00Z");
const to = new Date("2027-03-15T00:00:00Z");
const iso = (intervals: Interval[] | undefined) =>
  (intervals ?? []).map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);

let standIn: CalendarServicesStandIn;
const waits: number[] = [];
const fetchLoopback = pinnedFetch({
  allowPrivate: true,
  refusal: "set CALENDAR_ALLOW_PRIVATE=1",
  timeoutMs: 10_000,
  maxBytes: 5_000_000,
});
const sleep = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  standIn = await startCalendarServicesStandIn({
    people: {
      "ana@example.com": [
        { start: "2027-03-02T09:00:00Z", end: "2027-03-02T10:00:00Z", subject: "Secret plans" },
        { start: "2027-03-02T09:30:00Z", end: "2027-03-02T11:00:00Z", status: "Tentative" },
        { start: "2027-03-03T09:00:00Z", end: "2027-03-03T10:00:00Z", status: "free" },
        { start: "2027-03-04T12:00:00Z", end: "2027-03-04T13:00:00Z", status: "oof" },
      ],
      "ben@example.com": [],
    },
    microsoft,
    google,
  });
});

afterAll(async () => {
  await standIn?.close();
});

const graph = (overrides: Partial<typeof microsoft> = {}) =>
  microsoftGraphProvider({
    ...microsoft,
    ...overrides,
    loginUrl: `${standIn.url}/microsoft`,
    graphUrl: `${standIn.url}/microsoft-graph`,
    fetch: fetchLoopback,
    sleep,
  });

const googleWorkspace = (overrides: { delegatedUser?: string; privateKey?: string } = {}) =>
  googleProvider({
    serviceAccountEmail: google.serviceAccountEmail,
    delegatedUser: google.delegatedUser,
    privateKey: privatePem,
    ...overrides,
    tokenUrl: `${standIn.url}/google/token`,
    calendarUrl: `${standIn.url}/google/calendar/v3`,
    fetch: fetchLoopback,
    sleep,
  });

describe("busy times from Microsoft 365 (Graph getSchedule)", () => {
  it("reads busy, tentative and away items, leaves free ones and people without a mailbox out", async () => {
    const busy = await graph().busyTimes(
      ["ana@example.com", "ben@example.com", "gone@example.com"],
      from,
      to,
    );
    expect(iso(busy.get("ana@example.com"))).toEqual([
      "2027-03-02T09:00:00.000Z/2027-03-02T11:00:00.000Z",
      "2027-03-04T12:00:00.000Z/2027-03-04T13:00:00.000Z",
    ]);
    expect(iso(busy.get("ben@example.com"))).toEqual([]);
    expect(busy.has("gone@example.com")).toBe(false);
    expect(JSON.stringify([...busy])).not.toContain("Secret plans");
    const call = standIn.requests.findLast((r) => r.path.endsWith("/getSchedule"));
    expect(call?.path).toBe("/microsoft-graph/v1.0/users/ana%40example.com/calendar/getSchedule");
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({
      schedules: ["ana@example.com", "ben@example.com", "gone@example.com"],
      startTime: { dateTime: "2027-03-01T00:00:00", timeZone: "UTC" },
      endTime: { dateTime: "2027-03-15T00:00:00", timeZone: "UTC" },
    });
  });

  it("waits as long as Retry-After says when throttled, then reads", async () => {
    waits.length = 0;
    standIn.throttle("/getSchedule", 2, "7");
    const busy = await graph().busyTimes(["ben@example.com"], from, to);
    expect(waits).toEqual([7000, 7000]);
    expect(busy.has("ben@example.com")).toBe(true);
  });

  it("gives up after three retries with a message", async () => {
    waits.length = 0;
    standIn.throttle("/getSchedule", 4, "1");
    const read = graph().busyTimes(["ben@example.com"], from, to);
    await expect(read).rejects.toThrow(
      "Microsoft Graph answered 429 (too many requests): Too many requests.",
    );
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it("says that the client secret was refused", async () => {
    const read = graph({ clientSecret: "wrong" }).busyTimes(["ana@example.com"], from, to);
    await expect(read).rejects.toThrow(CalendarReadError);
    await expect(read).rejects.toThrow(
      "Microsoft's token endpoint answered 401: AADSTS7000215: Invalid client secret provided.",
    );
  });
});

describe("busy times from Google Workspace (freeBusy)", () => {
  it("signs an assertion acting as the delegated user and reads busy intervals", async () => {
    const busy = await googleWorkspace().busyTimes(
      ["ana@example.com", "gone@example.com"],
      from,
      to,
    );
    expect(iso(busy.get("ana@example.com"))).toEqual([
      "2027-03-02T09:00:00.000Z/2027-03-02T11:00:00.000Z",
      "2027-03-03T09:00:00.000Z/2027-03-03T10:00:00.000Z",
      "2027-03-04T12:00:00.000Z/2027-03-04T13:00:00.000Z",
    ]);
    expect(busy.has("gone@example.com")).toBe(false);
    const query = standIn.requests.findLast((r) => r.path.endsWith("/freeBusy"));
    expect(JSON.parse(query?.body ?? "{}")).toEqual({
      timeMin: "2027-03-01T00:00:00.000Z",
      timeMax: "2027-03-15T00:00:00.000Z",
      timeZone: "UTC",
      items: [{ id: "ana@example.com" }, { id: "gone@example.com" }],
    });
  });

  it("honours Retry-After on 429, and backs off 1, 2, 4 s without one", async () => {
    waits.length = 0;
    standIn.throttle("/freeBusy", 1, "3");
    await googleWorkspace().busyTimes(["ben@example.com"], from, to);
    expect(waits).toEqual([3000]);
    waits.length = 0;
    standIn.throttle("/freeBusy", 3);
    await googleWorkspace().busyTimes(["ben@example.com"], from, to);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("says when domain-wide delegation is not granted", async () => {
    const read = googleWorkspace({ delegatedUser: "someone@else.example" }).busyTimes(
      ["ana@example.com"],
      from,
      to,
    );
    await expect(read).rejects.toThrow(
      /Google's token endpoint answered 401: Client is unauthorized/,
    );
  });

  it("says when the key is not a key", async () => {
    const read = googleWorkspace({ privateKey: "not a key" }).busyTimes(
      ["ana@example.com"],
      from,
      to,
    );
    await expect(read).rejects.toThrow(
      "The Google service account's private key could not sign: ask whoever runs Cup of Joe to paste the key's whole text.",
    );
  });

  it("passes a 403 on with Google's reason", async () => {
    standIn.refuse("/freeBusy", 403, {
      error: {
        code: 403,
        message: "Calendar usage limits exceeded.",
        errors: [{ reason: "quotaExceeded" }],
      },
    });
    const read = googleWorkspace().busyTimes(["ana@example.com"], from, to);
    await expect(read).rejects.toThrow(
      "Google Calendar answered 403: Calendar usage limits exceeded.",
    );
  });
});
