import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, withListeningPort } from "./config";

describe("configuration", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.appUrl).toBe("http://127.0.0.1:5000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DEMO).toBe(false);
    expect(config.dbDir).toMatch(/data[/\\]db$/);
  });

  it("stops with one line naming the variable for a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid PORT: /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/^Invalid DATABASE_URL: /);
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "short" })).toThrow(
      /^Invalid ADMIN_PASSWORD: must be at least 12 characters$/,
    );
    expect(() => loadConfig({ DEMO: "maybe" })).toThrow(/^Invalid DEMO: /);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/^Invalid DATABASE_POOL_SIZE: /);
  });

  it("checks the monitoring variables: a metrics token of 32+ characters, a grace period of 0–300 s", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      /^Invalid METRICS_TOKEN: must be at least 32 characters$/,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: "301" })).toThrow(
      /^Invalid SHUTDOWN_GRACE_SECONDS: /,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: "soon" })).toThrow(
      /^Invalid SHUTDOWN_GRACE_SECONDS: /,
    );
    expect(loadConfig({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    const token = "m".repeat(32);
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).METRICS_TOKEN).toBe(token);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: "0" }).SHUTDOWN_GRACE_SECONDS).toBe(0);
  });

  it("checks the company-identity variables: SSO needs a client, EMAIL_SIGN_IN=off needs SSO", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://idp.acme.test" })).toThrow(
      /^Invalid OIDC_CLIENT_ID: is required with OIDC_ISSUER$/,
    );
    expect(() => loadConfig({ EMAIL_SIGN_IN: "off" })).toThrow(/^Invalid EMAIL_SIGN_IN: /);
    expect(() => loadConfig({ SCIM_TOKEN: "short" })).toThrow(
      /^Invalid SCIM_TOKEN: must be at least 32 characters$/,
    );
    const config = loadConfig({
      OIDC_ISSUER: "https://idp.acme.test",
      OIDC_CLIENT_ID: "cup-of-joe",
      EMAIL_SIGN_IN: "off",
    });
    expect(config.EMAIL_SIGN_IN).toBe(false);
    expect(config.OIDC_CLIENT_SECRET).toBeUndefined();
    expect(loadConfig({}).EMAIL_SIGN_IN).toBe(true);
  });

  it("marks cookies secure only when APP_URL is https and never trusts a trailing slash", () => {
    const config = loadConfig({ APP_URL: "https://coffee.acme.test/" });
    expect(config.secureCookies).toBe(true);
    expect(config.appUrl).toBe("https://coffee.acme.test");
    expect(config.appOrigin).toBe("https://coffee.acme.test");
    expect(loadConfig({ APP_URL: "http://localhost:5000" }).secureCookies).toBe(false);
  });

  it("treats empty variables as unset, as an .env file copied from the example would", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: "", ADMIN_EMAIL: "", APP_URL: "" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it("derives APP_URL from the port the server got, unless APP_URL was given", () => {
    const derived = withListeningPort(loadConfig({ PORT: "0", HOST: "0.0.0.0" }), 41234);
    expect(derived.appUrl).toBe("http://localhost:41234");
    expect(derived.appOrigin).toBe("http://localhost:41234");
    const given = loadConfig({ PORT: "0", APP_URL: "https://coffee.acme.test" });
    expect(withListeningPort(given, 41234).appUrl).toBe("https://coffee.acme.test");
  });
});
