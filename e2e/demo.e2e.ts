import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  // A vendor's install: inquiries go to its operator, who is no admin of a company here.
  story = await startStory({ env: { OPERATOR_EMAIL: "ops@vendor.test" } });
});
afterAll(() => story?.close());

const tabs: Array<[name: string, sample: string]> = [
  ["User Profile", "Sarah Chen"],
  ["Easy Sign-In", "Valid for 15 minutes, single use."],
  ["Smart Matching", "No repeat matches within 3 months"],
  ["Monthly Newsletter", "Your match this month: Marcus Johnson"],
];

describe("a visitor on the demo page", () => {
  it("sees each of the four tabs' sample content without any API call", async () => {
    const page = await story.newPage();
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
    });
    await page.goto("/demo");
    for (const [name, sample] of tabs) {
      await page.getByRole("tab", { name }).click();
      await page.getByRole("tabpanel").getByText(sample).first().waitFor();
      expect(await axeViolations(page), name).toEqual([]);
    }
    expect(apiCalls).toEqual([]);
  });

  it("switches tabs with the keyboard and fits a 375 px phone", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/demo");
    await page.getByRole("tab", { name: "User Profile" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.getByRole("tab", { name: "Easy Sign-In" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
  });
});
