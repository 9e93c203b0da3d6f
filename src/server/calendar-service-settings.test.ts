import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { calendarProvider } from "./scheduling/calendar-service";

const caldav = {
  CALDAV_URL: "https://dav.example.com/remote.php/dav/",
  CALDAV_USERNAME: "coffee",
  CALDAV_PASSWORD: "secret",
  CALDAV_CALENDAR_PATH: "/calendars/{email}/personal/",
};
const microsoft = {
  MICROSOFT_TENANT_ID: "tenant",
  MICROSOFT_CLIENT_ID: "client",
  MICROSOFT_CLIENT_SECRET: "secret",
};
const google = {
  GOOGLE_SERVICE_ACCOUNT_EMAIL: "coffee@project.iam.gserviceaccount.com",
  GOOGLE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----\\n",
  GOOGLE_DELEGATED_USER: "admin@example.com",
};

describe("the calendar settings", () => {
  it("leave calendars off when none is set: working hours alone count", () => {
    expect(calendarProvider(loadConfig({}))).toBeUndefined();
  });

  it("connect the provider whose settings are complete", () => {
    expect(calendarProvider(loadConfig(caldav))?.name).toBe("CalDAV");
    expect(calendarProvider(loadConfig(microsoft))?.name).toBe("Microsoft 365");
    const config = loadConfig(google);
    expect(calendarProvider(config)?.name).toBe("Google Workspace");
    expect(config.GOOGLE_PRIVATE_KEY).toBe(
      "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n",
    );
  });

  it("fail start when a provider's settings are incomplete", () => {
    const { CALDAV_PASSWORD: _, ...noPassword } = caldav;
    expect(() => loadConfig(noPassword)).toThrow(
      /^Invalid CALDAV_PASSWORD: is required with CALDAV_URL \(CalDAV\)$/,
    );
    expect(() => loadConfig({ MICROSOFT_CLIENT_SECRET: "s" })).toThrow(
      /^Invalid MICROSOFT_TENANT_ID: is required with MICROSOFT_CLIENT_SECRET \(Microsoft 365\)$/,
    );
    expect(() => loadConfig({ GOOGLE_TOKEN_URL: "http://127.0.0.1:1/token" })).toThrow(
      /^Invalid GOOGLE_SERVICE_ACCOUNT_EMAIL: is required with GOOGLE_TOKEN_URL/,
    );
  });

  it("fail start for two providers, a path without {email}, a key that is not one, or an unknown CALDAV_ name", () => {
    expect(() => loadConfig({ ...caldav, ...microsoft })).toThrow(
      /^Invalid MICROSOFT_TENANT_ID: cannot be set with CALDAV_URL: connect one calendar provider/,
    );
    expect(() => loadConfig({ ...caldav, CALDAV_CALENDAR_PATH: "/calendars/" })).toThrow(
      /^Invalid CALDAV_CALENDAR_PATH: must contain \{email\}/,
    );
    expect(() => loadConfig({ ...google, GOOGLE_PRIVATE_KEY: "abc" })).toThrow(
      /^Invalid GOOGLE_PRIVATE_KEY: must be the private_key/,
    );
    expect(() => loadConfig({ ...caldav, CALDAV_PASS: "x" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...caldav, CALDAV_PASS: "x" })).toThrow(
      /^Unknown setting CALDAV_PASS: the CalDAV settings are CALDAV_URL/,
    );
    expect(() => loadConfig({ ...caldav, CALENDAR_ALLOW_PRIVATE: "maybe" })).toThrow(
      /^Invalid CALENDAR_ALLOW_PRIVATE: /,
    );
  });
});
