import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory({ env: { OPERATOR_EMAIL: "ops@acme.test" } });
});
afterAll(() => story?.close());

describe("a company asking about Cup of Joe", () => {
  it("is told what is missing, then submits and the operator gets the inquiry by e-mail", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/company-inquiry");
    await page.getByRole("heading", { name: "Company Inquiry", level: 1 }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Submit Inquiry" }).click();
    await page.getByText("Missing Information", { exact: true }).waitFor();
    await page
      .getByText("Please fill in company name, contact email, and expected users.", { exact: true })
      .waitFor();

    await page.getByLabel("Company name").fill("Globex <Corp>");
    await page.getByLabel("Contact email").fill("not-an-email");
    await page.getByLabel("Expected users").selectOption("1000-10,000");
    await page.getByRole("button", { name: "Submit Inquiry" }).click();
    await page.getByText("Invalid Email", { exact: true }).waitFor();
    await expect
      .poll(() => page.getByLabel("Contact email").getAttribute("aria-invalid"))
      .toBe("true");

    await page.getByLabel("Contact email").fill("Hank@Globex.test");
    await page.getByLabel("Additional information").fill("Two offices, one espresso machine.");
    await page.getByRole("button", { name: "Submit Inquiry" }).click();
    await page.getByRole("heading", { name: "Inquiry Submitted" }).waitFor();
    await expect.poll(() => page.locator("main").innerText()).toContain("hank@globex.test");

    const mail = await story.smtp.waitForMessage((m) => m.to.includes("ops@acme.test"));
    expect(mail.subject).toBe("New company inquiry: Globex <Corp>");
    expect(mail.text).toContain("1000-10,000");
    expect(mail.text).toContain("Two offices, one espresso machine.");
    expect(mail.html).toContain("Globex &lt;Corp&gt;");
  });

  it("can be filled in and sent with the keyboard alone", async () => {
    const page = await story.newPage();
    await page.goto("/company-inquiry");
    await page.getByLabel("Company name").focus();
    await page.keyboard.type("Initech");
    await page.keyboard.press("Tab");
    await page.keyboard.type("peter@initech.test");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Inquiry Submitted" }).waitFor();
    await story.smtp.waitForMessage((m) => m.subject === "New company inquiry: Initech");
  });
});
