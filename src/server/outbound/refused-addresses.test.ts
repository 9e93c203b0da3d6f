import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { webhookEndpoints } from "../db/schema";
import { calendarProvider } from "../scheduling/calendar-service";
import { createAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { isPublicAddress } from "./public-address";

/*
 * The one list of refused ranges (docs/chat.md, "Private addresses"; docs/scheduling.md), held for
 * both callers of public-address.ts: a webhook is refused when saved, a calendar server when read,
 * and neither opens a connection. Each host is written as a URL spells it; loopback forms point at
 * a listener of this test, so a connection that slipped through would be counted.
 */
const refused: Array<[range: string, host: (port: string) => string]> = [
  ["IPv4 loopback", (p) => `127.0.0.1:${p}`],
  ["IPv4 loopback, another address of it", (p) => `127.1.2.3:${p}`],
  ["the unspecified IPv4 address", (p) => `0.0.0.0:${p}`],
  ["a private 10/8 network", () => "10.1.2.3"],
  ["a private 172.16/12 network", () => "172.16.5.4"],
  ["a private 192.168/16 network", () => "192.168.1.1"],
  ["link-local: the cloud metadata service", () => "169.254.169.254"],
  ["carrier-grade NAT", () => "100.64.0.1"],
  ["IPv4 multicast", () => "224.0.0.1"],
  ["IPv4 broadcast", () => "255.255.255.255"],
  ["a reserved IPv4 range", () => "240.0.0.1"],
  ["IPv6 loopback", (p) => `[::1]:${p}`],
  ["the unspecified IPv6 address", (p) => `[::]:${p}`],
  ["IPv6 link-local", () => "[fe80::1]"],
  ["IPv6 unique-local", () => "[fd00::1]"],
  ["IPv6 multicast", () => "[ff02::1]"],
  ["IPv4-mapped loopback", (p) => `[::ffff:127.0.0.1]:${p}`],
  ["IPv4-mapped private", () => "[::ffff:10.0.0.1]"],
  ["IPv4-mapped metadata service", () => "[::ffff:169.254.169.254]"],
  ["IPv4-compatible (::/96) loopback", (p) => `[::127.0.0.1]:${p}`],
  ["IPv4-compatible (::/96) metadata service", () => "[::169.254.169.254]"],
  ["IPv4-compatible (::/96) private", () => "[::10.0.0.1]"],
  ["IPv4-compatible (::/96) public: all of ::/96 is refused", () => "[::8.8.8.8]"],
  ["::/96 written in hex", (p) => `[::7f00:1]:${p}`],
  ["SIIT-translated (::ffff:0:0/96)", () => "[::ffff:0:7f00:1]"],
  ["NAT64 (64:ff9b::/96)", () => "[64:ff9b::7f00:1]"],
  ["6to4 (2002::/16)", () => "[2002:7f00:1::1]"],
  ["Teredo (2001::/32)", () => "[2001:0:7f00:1::1]"],
  ["a name that resolves to loopback", (p) => `localhost:${p}`],
];

const clock = fixedClock(new Date("2027-03-01T09:00:00Z"));
let t: TestApp;
let receiver: WebhookReceiver;
let admin: { id: string };
const port = () => new URL(receiver.url).port;
const hostOnly = (host: string) => host.replace(/:\d+$/, "").replace(/^\[(.*)\]$/, "$1");

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ clock });
  admin = await createAdmin(t.db, { email: "boss@refused.test" });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe.each(refused)("%s", (_range, host) => {
  it("is not a public address", () => {
    const literal = hostOnly(host(port()));
    if (literal !== "localhost") expect(isPublicAddress(literal)).toBe(false);
  });

  it("is refused as a webhook when saved, with a 400 the admin can act on", async () => {
    const res = await t.as(admin).post("/api/admin/webhooks", {
      url: `http://${host(port())}/hook`,
      events: ["match.created"],
    });
    expect({ status: res.statusCode, ...res.json() }).toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /is a private or internal address; webhooks go only to public addresses unless WEBHOOK_ALLOW_PRIVATE=1 is set\./,
      ),
    });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    expect(receiver.connections()).toBe(0);
  });

  it("is refused as a calendar server when read, without a connection", async () => {
    const provider = calendarProvider({
      ...t.ctx.config,
      CALDAV_URL: `http://${host(port())}/dav/`,
      CALDAV_USERNAME: "reader",
      CALDAV_PASSWORD: "a password",
      CALDAV_CALENDAR_PATH: "/dav/{email}/calendar/",
      CALENDAR_ALLOW_PRIVATE: false,
    });
    await expect(
      provider?.busyTimes(
        ["ana@example.com"],
        new Date("2027-03-14T00:00:00Z"),
        new Date("2027-03-20T00:00:00Z"),
      ),
    ).rejects.toThrow(
      /is a private or internal address; calendars are read only from public addresses unless CALENDAR_ALLOW_PRIVATE=1 is set\./,
    );
    expect(receiver.connections()).toBe(0);
  });
});

describe("a public address", () => {
  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "::ffff:8.8.8.8",
    "2606:2800:220:1:248:1893:25c8:1946",
    // Just outside ::/96: an ordinary global address is not caught by the ::/96 rule.
    "2a00:1450:4001:81c::200e",
  ])("%s is allowed", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("an address that is not one is not", () => {
    expect(isPublicAddress("not an address")).toBe(false);
  });
});
