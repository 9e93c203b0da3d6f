import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { saveCompanySettings } from "../src/server/settings/company-settings";
import { createMatch, createUser, createWhitelistedGroup } from "../src/server/test/factories";
import { companyEndpoints } from "../src/shared/endpoints/company";
import { inquiryEndpoints } from "../src/shared/endpoints/inquiries";
import { metricEndpoints } from "../src/shared/endpoints/metrics";
import {
  answerDrawn,
  axeViolations,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

// The server keeps the landing page's figures five minutes: the story moves its clock past that.
const clock = fixedClock("2027-01-31T12:00:00Z");
let story: Story;
beforeAll(async () => {
  // A vendor's install: inquiries go to its operator, who is no admin of a company here.
  story = await startStory({ clock, env: { OPERATOR_EMAIL: "ops@vendor.test" } });
});
afterAll(() => story?.close());

const buttonTargets: Array<[name: string, target: string]> = [
  ["Demo", "/demo"],
  ["View Live Demo", "/demo"],
  ["Company Inquiry", "/company-inquiry"],
  ["Admin Access", "/admin-login"],
  ["Sign In", "/auth"],
  ["User Sign in / Sign up", "/auth"],
  ["Get Started Now", "/auth"],
];

describe("a visitor on the landing page", () => {
  it("sees every section and the six features, and no invented figure", async () => {
    const page = await story.newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    // The figures wait for the server's answer: their absence is checked once it is drawn.
    await answerDrawn(page, metricEndpoints.publicFigures.path, () => page.goto("/"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    for (const id of ["home", "how-it-works", "why-choose-us", "features"]) {
      await expect.poll(() => page.locator(`#${id}`).count(), { message: id }).toBe(1);
      await expect
        .poll(() => page.locator(`a[href="#${id}"]`).count(), { message: id })
        .toBeGreaterThan(0);
    }
    const main = page.locator("main");
    for (const text of [
      "Secure Authentication",
      "Smart Matching",
      "Monthly Pairings",
      "Email Notifications",
      "Analytics Dashboard",
      "Admin Controls",
    ]) {
      await expect.poll(() => main.innerText()).toContain(text);
    }
    // No contact address set: no contact link, and never the vendor's sample address.
    await expect.poll(() => page.getByRole("contentinfo").innerText()).toContain("Cup of Joe");
    expect(await page.getByRole("contentinfo").innerText()).not.toMatch(
      /Help Center|Contact|hello@cupofjoe/,
    );
    // The header, the page and the footer each show the company and whether it takes inquiries:
    // one request for each, however many parts ask.
    await page.getByRole("link", { name: "Company Inquiry" }).first().waitFor();
    for (const path of [companyEndpoints.publicCompany.path, inquiryEndpoints.open.path]) {
      expect(
        asked.filter((each) => each === path),
        path,
      ).toHaveLength(1);
    }
    // A company without data claims nothing: no figures, no percentage.
    expect(await page.locator("#why-choose-us [aria-busy]").count()).toBe(0);
    expect(await page.locator("#why-choose-us dl").count()).toBe(0);
    expect(await main.innerText()).not.toMatch(/\d\s*%/);
  });

  it("shows the company's own figures once an admin turned them on and it has people taking part and a chat that happened", async () => {
    await saveCompanySettings(story.db, {
      name: "Landing Co",
      showPublicFigures: true,
      contactEmail: "",
    });
    await createWhitelistedGroup(story.db, { displayName: "Landing Co", domain: "landing.test" });
    const ana = await createUser(story.db, { email: "ana@landing.test" });
    const ben = await createUser(story.db, { email: "ben@landing.test" });
    await createMatch(story.db, { members: [ana, ben], answers: [null, "met"] });
    clock.advance(301_000);

    const page = await story.newPage({ width: 375, height: 812 });
    await page.goto("/");
    const figures = page.locator("#why-choose-us dl");
    // Each card's term comes first in the document, its figure is shown above it.
    await expect.poll(() => figures.innerText()).toMatch(/People taking part\s+2\s/);
    expect(await figures.innerText()).toMatch(/Coffee chats that happened\s+1\s/);
    expect(await page.locator("main").innerText()).not.toMatch(/\d\s*%/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("follows each button to its screen", async () => {
    const page = await story.newPage();
    for (const [name, target] of buttonTargets) {
      await page.goto("/");
      await page.getByRole("link", { name, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === target);
      expect(new URL(page.url()).pathname, name).toBe(target);
    }
  });

  it("shows the error from the address in an alert and removes it from the address", async () => {
    const page = await story.newPage();
    await page.goto("/?error=missing_token");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    await expect
      .poll(() => alert.innerText())
      .toContain("The magic link is missing a security token. Please request a new link.");
    await page.waitForURL((url) => !url.searchParams.has("error"));
    expect(new URL(page.url()).search).toBe("");
  });

  it("has no accessibility violations and no horizontal scroll on a 375 px phone", async () => {
    const page = await story.newPage({ width: 375, height: 812 });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("offers no Quick Test Access outside demo mode, and /simple-auth is not found", async () => {
    const page = await story.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "View Live Demo" }).waitFor();
    expect(await page.getByRole("link", { name: "Quick Test Access" }).count()).toBe(0);
    const response = await page.goto("/simple-auth");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
  });

  it("shows the not-found page for an unknown path", async () => {
    const page = await story.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
