import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, createWhitelistedGroup } from "../src/server/test/factories";
import { type Story, startStory } from "./support/harness";

// What a visitor's browser console shows: nothing. No error status for the anonymous "who is
// signed in" question, no Content-Security-Policy violation from a form's schema (zod's eval
// probe; src/client/lib/zod-jitless.ts).
let story: Story;
beforeAll(async () => {
  // A vendor's install: the company inquiry form is open (it goes to the operator).
  story = await startStory({ env: { OPERATOR_EMAIL: "ops@console.test" } });
  await createWhitelistedGroup(story.db, { displayName: "Console Co", domain: "console.test" });
});
afterAll(() => story?.close());

/**
 * Every error or warning the page's console and its failed requests report from now on, and
 * every Content-Security-Policy violation the page's documents see (read with `violations`).
 */
async function consoleOf(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      seen.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => seen.push(`pageerror: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`);
  });
  return seen;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe("the browser console", () => {
  it("stays clean for a visitor on the landing page and on a form page", async () => {
    const page = await story.newPage();
    const seen = await consoleOf(page);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    expect(seen).toEqual([]);
    await page.goto("/company-inquiry");
    await page.getByRole("heading", { name: "Company Inquiry", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Submit Inquiry" }).click();
    await page.getByText("Missing Information", { exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("stays clean for a new employee on the profile form", async () => {
    const user = await createUser(story.db, {
      email: "quiet@console.test",
      firstName: null,
      lastName: null,
      department: null,
      needsProfileSetup: true,
    });
    const page = await story.newPage();
    const seen = await consoleOf(page);
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("option", { name: "Engineering" }).waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByText("First name is required", { exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
