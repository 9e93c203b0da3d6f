import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { saveCompanySettings } from "../src/server/settings/company-settings";
import {
  createAdmin,
  createMatch,
  createPairing,
  createRunningCompany,
} from "../src/server/test/factories";
import { companyEndpoints } from "../src/shared/endpoints/company";
import {
  answerDrawn,
  axeViolations,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

// A company's own install (no DEMO, no Slack) on 10 March 2027, its March round running.
const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock });
});
afterAll(() => story?.close());

describe("a company's install says what is true for this company", () => {
  it("shows the company's name and its own contact on the public pages, no demo and no vendor", async () => {
    await saveCompanySettings(story.db, {
      name: "Acme",
      showPublicFigures: false,
      contactEmail: "hr@acme.test",
    });
    // One page at both widths: its second load is in a renderer that has shown the app.
    const page = await story.newPage({ width: 375, height: 900 });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await answerDrawn(page, companyEndpoints.publicCompany.path, () => page.goto("/"));
      await page.getByText("Monthly coffee chats at Acme").waitFor();
      const footer = page.getByRole("contentinfo");
      await footer.getByText("Cup of Joe at Acme").waitFor();
      const contact = footer.getByRole("link", { name: "Contact Acme: hr@acme.test" });
      expect(await contact.getAttribute("href")).toBe("mailto:hr@acme.test");
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/Demo|hello@cupofjoe\.example|Help Center|randomly/);
      expect(await page.getByRole("link", { name: /Demo/ }).count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it("names a partner who deleted their account 'someone who left the programme'", async () => {
    const company = await createRunningCompany(story.db, { name: "Words" });
    const [kate, ada] = [await company.person("Kate"), await company.person("Ada")];
    const february = await createPairing(story.db, { month: "2027-02", status: "completed" });
    await createMatch(story.db, { members: [kate, ada], pairing: february, answers: ["met"] });
    const kates = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(kates, kate);
    await kates.goto("/profile");
    const deleted = await kates.evaluate(async (confirmEmail) => {
      const res = await fetch("/api/profile", {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ confirmEmail }),
      });
      return res.status;
    }, kate.email);
    expect(deleted).toBe(200);

    // Kate is done: the same browser, signed out and cleared, is Ada's.
    const page = await story.reusePage(kates, { width: 375, height: 900 });
    await story.signInAs(page, ada);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/matches");
      await page.getByText("someone who left the programme", { exact: false }).first().waitFor();
      expect(await page.locator("main").innerText()).not.toMatch(/former colleague|Kate/);
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  // The server's refusal of an unset-up channel stays (src/server/channels/channel-settings.test.ts);
  // the card does not offer what it would refuse.
  it("does not offer Slack as the company default while Slack is not set up, saying in words whom to ask", async () => {
    const admin = await createAdmin(story.db, { email: "boss@words.test" });
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/channels");
      const choice = page.getByLabel("Company default: reach people by");
      await choice.waitFor();
      const slack = choice.getByRole("option", {
        name: "Slack (needs Slack connected)",
        exact: true,
      });
      expect(await slack.isDisabled()).toBe(true);
      await page
        .getByText("Not available yet: Slack (needs Slack connected), E-mail and Slack", {
          exact: false,
        })
        .waitFor();
      // The Slack and Teams cards say the same in words: no variable's name anywhere on the page.
      await page
        .getByTestId("slack-status")
        .getByText("ask whoever runs Cup of Joe to connect Slack", { exact: false })
        .waitFor();
      await page
        .getByTestId("teams-status")
        .getByText("ask whoever runs Cup of Joe to connect Teams", { exact: false })
        .waitFor();
      expect(await page.locator("main").innerText()).not.toMatch(/SLACK_|TEAMS_|[A-Z]+_[A-Z]+_/);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
