import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import {
  type CalendarServicesStandIn,
  startCalendarServicesStandIn,
} from "../test/calendar-services-stand-in";
import { createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-01T08:00:00Z");
const microsoft = { tenantId: "contoso", clientId: "app-id", clientSecret: "app-secret" };
let standIn: CalendarServicesStandIn;
let connected: TestApp;
let unconnected: TestApp;

beforeAll(async () => {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  standIn = await startCalendarServicesStandIn({
    people: {
      "boss@example.com": [{ start: "2027-03-02T09:00:00Z", end: "2027-03-02T10:00:00Z" }],
    },
    microsoft,
    google: {
      serviceAccountEmail: "unused@example.com",
      publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
      delegatedUser: "unused@example.com",
    },
  });
  connected = await createTestApp({
    clock,
    env: {
      MICROSOFT_TENANT_ID: microsoft.tenantId,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_LOGIN_URL: `${standIn.url}/microsoft`,
      MICROSOFT_GRAPH_URL: `${standIn.url}/microsoft-graph`,
      CALENDAR_ALLOW_PRIVATE: "1",
    },
  });
  unconnected = await createTestApp({ clock });
});

afterAll(async () => {
  await connected?.close();
  await unconnected?.close();
  await standIn?.close();
});

describe("the admin's calendar connection", () => {
  it("shows which provider is connected and by which settings, never their values", async () => {
    const admin = await createAdmin(connected.db);
    const res = await connected.as(admin).get("/api/admin/calendar");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: "Microsoft 365",
      settings: [
        "MICROSOFT_TENANT_ID",
        "MICROSOFT_CLIENT_ID",
        "MICROSOFT_CLIENT_SECRET",
        "MICROSOFT_LOGIN_URL",
        "MICROSOFT_GRAPH_URL",
      ],
      allowPrivate: true,
    });
    expect(res.body).not.toContain("app-secret");
    const none = await unconnected.as(await createAdmin(unconnected.db)).get("/api/admin/calendar");
    expect(none.json()).toEqual({ provider: null, settings: [], allowPrivate: false });
  });

  it("tests the connection by reading the admin's own busy times", async () => {
    const admin = await createAdmin(connected.db, { email: "boss@example.com" });
    const res = await connected.as(admin).post("/api/admin/calendar/test");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connected: true,
      message: "Microsoft 365 is connected: 1 busy time in your calendar in the next two weeks.",
    });
  });

  it("says when the admin has no calendar there", async () => {
    const admin = await createAdmin(connected.db, { email: "new-admin@example.com" });
    const res = await connected.as(admin).post("/api/admin/calendar/test");
    expect(res.json()).toEqual({
      connected: true,
      message:
        "Microsoft 365 answered, but has no calendar for new-admin@example.com: check the address (for CalDAV, whoever runs Cup of Joe checks the calendar path too).",
    });
  });

  it("passes on the service's refusal (403: permission not granted)", async () => {
    const admin = await createAdmin(connected.db, { email: "boss2@example.com" });
    standIn.refuse("/getSchedule", 403, {
      error: {
        code: "ErrorAccessDenied",
        message: "Access is denied. Check credentials and try again.",
      },
    });
    const res = await connected.as(admin).post("/api/admin/calendar/test");
    expect(res.json()).toEqual({
      connected: false,
      message: "Microsoft Graph answered 403: Access is denied. Check credentials and try again.",
    });
  });

  it("answers 409 when no calendar is connected, and 403 to an employee", async () => {
    const admin = await createAdmin(unconnected.db);
    const res = await unconnected.as(admin).post("/api/admin/calendar/test");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^No calendar is connected: set the CalDAV/);
    const employee = await createUser(unconnected.db, { email: "emp@example.com" });
    const refused = await unconnected.as(employee).post("/api/admin/calendar/test");
    expect(refused.statusCode).toBe(403);
  });
});
