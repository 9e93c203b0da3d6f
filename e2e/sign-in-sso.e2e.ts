import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { startTestOpenIdProvider, type TestOpenIdProvider } from "../src/server/test/oidc-provider";
import { axeViolations, type Story, startStory } from "./support/harness";

let provider: TestOpenIdProvider;
let story: Story;
beforeAll(async () => {
  provider = await startTestOpenIdProvider("http://127.0.0.1/not-yet");
  story = await startStory({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Keycloak",
    },
  });
  // The app learns its port once it listens; the provider then registers its callback.
  provider.redirectTo(`${story.baseUrl}/api/auth/oidc/callback`);
  await allowEmail(story.db, "*@sso.test");
  provider.accounts.set("robin", {
    sub: "robin",
    email: "Robin@SSO.test",
    email_verified: true,
    given_name: "Robin",
    family_name: "Hood",
  });
  provider.accounts.set("stranger", {
    sub: "stranger",
    email: "stranger@elsewhere.test",
    email_verified: true,
  });
});
afterAll(async () => {
  await story?.close();
  await provider?.stop();
});

/** At the provider's development login form: any password is accepted. */
async function logInAtProvider(page: import("playwright-core").Page, login: string) {
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
}

describe("an employee signs in with the company's identity provider", () => {
  it("presses 'Sign in with Keycloak', logs in there and comes back signed in", async () => {
    const page = await story.newPage();
    await page.goto("/auth");
    const button = page.getByRole("link", { name: "Sign in with Keycloak" });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    await logInAtProvider(page, "robin");
    await page.waitForURL("**/profile-setup");
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me).toMatchObject({ email: "robin@sso.test", firstName: "Robin", lastName: "Hood" });
  });

  it("sees why on the sign-in page when the whitelist does not admit the address", async () => {
    const page = await story.newPage();
    await page.goto("/auth");
    await page.getByRole("link", { name: "Sign in with Keycloak" }).click();
    await logInAtProvider(page, "stranger");
    await page.waitForURL("**/auth?sso_error=not_authorized");
    await page.getByText("This email address is not authorized.", { exact: false }).waitFor();
    const me = await page.evaluate(() => fetch("/api/auth/status").then((r) => r.json()));
    expect(me.authenticated).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
