import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

const APP = "7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f";

describe("Teams settings, checked at start", () => {
  it("takes the three together, and Microsoft's addresses alone connect no calendar", () => {
    const config = loadConfig({
      TEAMS_APP_ID: APP,
      TEAMS_APP_PASSWORD: "secret",
      TEAMS_TENANT_ID: "contoso-tenant",
      MICROSOFT_LOGIN_URL: "http://127.0.0.1:9/login",
      MICROSOFT_GRAPH_URL: "http://127.0.0.1:9/graph",
      TEAMS_SERVICE_URL: "http://127.0.0.1:9/bot",
    });
    expect(config.TEAMS_APP_ID).toBe(APP);
    expect(config.MICROSOFT_TENANT_ID).toBeUndefined();
  });

  it("stops naming the missing one, or a malformed app id", () => {
    expect(() => loadConfig({ TEAMS_APP_ID: APP, TEAMS_TENANT_ID: "t" })).toThrow(
      /^Invalid TEAMS_APP_PASSWORD: is required with TEAMS_APP_ID \(Teams\)$/,
    );
    expect(() => loadConfig({ TEAMS_APP_PASSWORD: "s" })).toThrow(/^Invalid TEAMS_APP_ID: /);
    expect(() =>
      loadConfig({ TEAMS_APP_ID: "cup-of-joe", TEAMS_APP_PASSWORD: "s", TEAMS_TENANT_ID: "t" }),
    ).toThrow(/^Invalid TEAMS_APP_ID: must be the app registration's Application \(client\) ID$/);
    expect(() => loadConfig({ TEAMS_SERVICE_URL: "ftp://x" })).toThrow(
      /^Invalid TEAMS_SERVICE_URL/,
    );
  });

  it("still asks for the calendar's own settings once one of them is set", () => {
    expect(() =>
      loadConfig({ MICROSOFT_TENANT_ID: "t", MICROSOFT_GRAPH_URL: "http://127.0.0.1:9/graph" }),
    ).toThrow(/^Invalid MICROSOFT_CLIENT_ID: is required with MICROSOFT_TENANT_ID/);
  });
});
