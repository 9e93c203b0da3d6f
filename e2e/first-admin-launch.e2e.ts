import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSetupToken } from "../src/server/auth/setup/setup-token";
import { fixedClock } from "../src/server/clock";
import { users } from "../src/server/db/schema";
import { runDueSteps } from "../src/server/jobs/definitions/round-steps";
import { allowEmail, createUser } from "../src/server/test/factories";
import { inquiryEndpoints } from "../src/shared/endpoints/inquiries";
import {
  answerDrawn,
  axeViolations,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

// An empty install: no admin, no whitelist, no OPERATOR_EMAIL (a company's own install), on
// 20 February 2027. The March round is drafted on Friday 26 February at 09:00 (UTC) and published
// on Monday 1 March (docs/rounds.md, "When").
const clock = fixedClock("2027-02-20T08:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock });
});
afterAll(() => story?.close());

/** The round's steps on Operations, as the admin reads them. */
async function roundSteps(page: Page, heading: RegExp) {
  const round = page.locator("div", { has: page.getByRole("heading", { name: heading }) }).last();
  await round.getByRole("listitem").first().waitFor();
  return (await round.getByRole("listitem").allInnerTexts()).map((t) => t.replace(/\s+/g, " "));
}

describe("the first admin launches the programme alone", () => {
  it("is told where to start, sets up from the browser and follows the getting-started list", async () => {
    const page = await story.newPage({ width: 375, height: 800 });

    // Nothing on the way says what is not true.
    // The inquiry link waits for the server's answer: the absence is checked once it is drawn.
    await answerDrawn(page, inquiryEndpoints.open.path, () => page.goto("/"));
    await page.getByRole("link", { name: "Admin Access" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Company Inquiry" }).count()).toBe(0);
    await page.goto("/company-inquiry");
    await page.getByText("takes no inquiries", { exact: false }).waitFor();
    await page.goto("/auth");
    await page.getByRole("region", { name: "Why Cup of Joe" }).waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/500\+|95%/);

    // No admin yet: the login page says where the setup address is.
    await page.goto("/admin-login");
    await page.getByText("This install has no admin yet.", { exact: false }).waitFor();

    // The one-time address the start printed (a new one replaces it, as a restart would).
    const token = await issueSetupToken(story.db, clock.now());
    await page.goto(`/setup?token=${token}`);
    await page.getByRole("heading", { name: "Set up Cup of Joe", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Your e-mail").fill("first@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create admin and continue" }).click();
    await page.getByText("The password must be at least 12 characters.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("a-long-enough-password");
    // The company's saved settings arrive late: until then its fields wait, so nothing typed is wiped.
    let releaseCompany = () => {};
    const companyHeld = new Promise<void>((resolve) => {
      releaseCompany = resolve;
    });
    await page.route("**/api/admin/company", async (route) => {
      if (route.request().method() === "GET") await companyHeld;
      await route.continue();
    });
    await page.getByRole("button", { name: "Create admin and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const companyName = page.getByLabel("Company name");
    await companyName.waitFor();
    expect(await companyName.isDisabled()).toBe(true);
    releaseCompany();
    await expect.poll(() => companyName.isEnabled()).toBe(true);

    // The checklist, each step with what it does and where.
    const steps = page.getByRole("list", { name: "Getting started steps" });
    await steps.waitFor();
    expect(await steps.getByRole("listitem").count()).toBe(6);
    // The admin, on no whitelist entry yet, is not counted as "removed from the whitelist".
    const eligibility = page.getByRole("region", { name: "Pairing eligibility" });
    await eligibility.getByText("Total Users").waitFor();
    await eligibility.getByText("Minimum Users:").waitFor();
    expect(await eligibility.getByText("Removed from the whitelist").count()).toBe(0);
    await steps.getByText("Whitelist your e-mail domain (to do)").waitFor();
    await page.getByLabel("Company name").fill("Acme");
    await page.getByRole("button", { name: "Save company" }).click();
    await page.getByText("Saved Acme.").first().waitFor();
    // The first step is the name alone: saved, it is done (the zone is the schedule's step).
    await steps.getByText("Name your company (done)").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await steps.getByRole("button", { name: "Open Email Whitelist" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/whitelist");
    // The address changes first; the tab shows once its code has loaded.
    await page.getByRole("tab", { name: "Email Whitelist", selected: true }).waitFor();
    await allowEmail(story.db, "*@acme.test");
    await page.getByRole("tab", { name: "Operations" }).click();
    await steps.getByText("Whitelist your e-mail domain (done)").waitFor();
    await steps.getByText("Sign-in address:", { exact: false }).waitFor();

    // Departments without understanding domain groups first.
    await steps.getByRole("button", { name: "Open Departments" }).click();
    await page.getByRole("tab", { name: "Departments", selected: true }).waitFor();
    await page.getByRole("heading", { name: "Company departments" }).waitFor();
    await page.getByLabel("New department").fill("Engineering");
    await page.getByRole("button", { name: "Add department" }).click();
    await page
      .getByRole("list", { name: "Company departments" })
      .getByText("Engineering")
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Operations" }).click();
    await steps.getByText("Add your departments (done)").waitFor();

    // The setup address works once.
    const again = await page.request.post("/api/setup", {
      data: { token, email: "other@acme.test", password: "a-long-enough-password" },
    });
    expect(again.status()).toBe(409);
  });
});

describe("the first admin's launch, after the checklist's first steps", () => {
  it("invites everyone by e-mail with its progress, and reaches the first announced round", async () => {
    // Colleagues the whitelist admits: two who signed up already (found the sign-in address),
    // one provisioned by the identity provider who has not signed up, two single addresses; the
    // admin is on no whitelist entry of their own.
    for (const first of ["Ada", "Ben"]) {
      await createUser(story.db, {
        email: `${first.toLowerCase()}@acme.test`,
        firstName: first,
        lastName: "Launch",
      });
    }
    await createUser(story.db, {
      email: "eve@acme.test",
      firstName: "Eve",
      lastName: "Launch",
      authMethod: "scim",
      scimManaged: true,
      needsProfileSetup: true,
    });
    await allowEmail(story.db, "cleo@partner.test");
    await allowEmail(story.db, "dan@partner.test");
    const [admin] = await story.db.select().from(users).where(eq(users.email, "first@acme.test"));
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin");

    // Nothing was skipped on a fresh install.
    const steps = page.getByRole("list", { name: "Getting started steps" });
    await steps.waitFor();
    const thisRound = await roundSteps(page, /^This round: February 2027/);
    expect(thisRound[0]).toMatch(/^Draft \(admins review\) .* Before the start/);
    expect(thisRound.join(" ")).not.toContain("Skipped");

    await steps.getByText("Name your company (done)").waitFor();
    // Looking at the rounds saved nothing: the step is ticked once the zone and a schedule are.
    await steps.getByText("Set the time zone and the pairing schedule (to do)").waitFor();
    // The zone is chosen in the profile's picker, found by a city, named as every page names it.
    await page.getByRole("searchbox", { name: "Search time zones" }).fill("Berlin");
    const companyZone = page.getByRole("combobox", { name: "Company time zone" });
    await expect
      .poll(() => companyZone.locator("option").allInnerTexts())
      .toEqual(["UTC", "Central European Time (Europe/Berlin)"]);
    await companyZone.selectOption("UTC");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText("Time zone set to UTC.").first().waitFor();
    await page.getByText("Settings for Everyone").click();
    await page.getByRole("button", { name: "Save settings" }).click();
    await steps.getByText("Set the time zone and the pairing schedule (done)").waitFor();

    // The launch e-mail goes through the outbox, with its progress, to the three who have not
    // signed up: never to Ada or Ben.
    await steps.getByRole("button", { name: "E-mail the invitation to 3 addresses" }).click();
    const sure = page.getByRole("dialog", { name: "E-mail the invitation?" });
    await sure.getByRole("button", { name: "Send the invitation" }).click();
    const progress = page.getByRole("progressbar", { name: "Sending the launch invitation" });
    await progress.waitFor();
    // When the last delivery has ended the toast says so, and the checklist, now done, leaves.
    await page
      .getByText("Sent to 3 recipients. 3 successful, 0 failed.", { exact: true })
      .waitFor({ timeout: 30_000 });
    const invited = story.smtp.messages.filter((m) => m.subject.startsWith("You are invited"));
    expect(invited.map((m) => m.to[0]).sort()).toEqual([
      "cleo@partner.test",
      "dan@partner.test",
      "eve@acme.test",
    ]);
    expect(invited[0].text).toContain("Acme now pairs colleagues");
    // What the invitation promises is what the engine does here (Acme has departments).
    expect(invited[0].text).toContain("a 30-minute chat");
    expect(invited[0].text).toContain("your own department, another one, or either");
    expect(invited[0].text).not.toMatch(/another team|half-hour/);
    // The list stays with its newsletter step still to do, until the admin dismisses it.
    await steps.getByText("Invite everyone (done)").waitFor();
    await steps.getByText("Write a newsletter (optional) (optional)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Dismiss this list" }).click();
    await steps.waitFor({ state: "detached" });

    // The clock moves through the scheduled steps: the draft, then the published round.
    const ctx = story.server.app.ctx;
    await runDueSteps(ctx);
    clock.set("2027-02-26T10:00:00Z");
    await runDueSteps(ctx);
    clock.set("2027-03-01T10:00:00Z");
    await runDueSteps(ctx);
    await story.smtp.waitForMessage(
      (m) => m.to[0] === "ada@acme.test" && m.subject.includes("March 2027"),
      30_000,
    );
    await story.signInAs(page, admin);
    await page.goto("/admin");
    const march = await roundSteps(page, /^This round: March 2027/);
    // Each done step is dated when it ran: the job looked at 10:00, an hour after each fell due.
    expect(march[0]).toMatch(/^Draft \(admins review\) Fri, Feb 26, 10:00 UTC Done/);
    expect(march[1]).toMatch(/^Published \(members told\) Mon, Mar 1, 10:00 UTC Done/);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
