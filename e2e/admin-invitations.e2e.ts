import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../src/server/db/schema";
import { LAUNCHED_KEY } from "../src/server/getting-started/queue-launch";
import { LAUNCH_SUBJECT } from "../src/server/outbox/kinds/launch-invitation";
import { allowEmail, createAdmin } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("an admin chases the people who have not signed up", () => {
  it("lists them, invites one, and offers the invitation for people added after launch", async () => {
    await allowEmail(story.db, "ann@chase.test");
    await allowEmail(story.db, "bob@chase.test");
    const admin = await createAdmin(story.db, { email: "admin@chase.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/whitelist");
    const waiting = page.getByRole("list", { name: "People not signed up yet" });
    await waiting.getByText("ann@chase.test").waitFor();
    expect(await waiting.getByRole("listitem").count()).toBe(2);
    expect(await waiting.getByRole("listitem").first().innerText()).toContain("Not invited yet");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Invite ann@chase.test" }).click();
    await page.getByText("Sending the invitation to 1 person.").first().waitFor();
    const ann = waiting.getByRole("listitem").filter({ hasText: "ann@chase.test" });
    await expect.poll(() => ann.innerText()).toContain("Last invited");
    expect(await ann.getByRole("button", { name: "Resend ann@chase.test" }).isDisabled()).toBe(
      true,
    );
    await expect
      .poll(() =>
        story.smtp.messages.filter((m) => m.subject === LAUNCH_SUBJECT).map((m) => m.to[0]),
      )
      .toEqual(["ann@chase.test"]);

    // After the launch invitation went out, adding people offers their invitation at once.
    await story.db.insert(settings).values({ key: LAUNCHED_KEY, value: { at: "2026-11-01" } });
    const phone = await story.reusePage(page, { width: 375, height: 800 });
    await story.signInAs(phone, admin);
    await phone.goto("/admin/whitelist");
    await phone.getByLabel("Or paste addresses or the CSV").fill("cy@chase.test\ndee@chase.test");
    await phone.getByRole("button", { name: "Preview" }).click();
    await phone.getByRole("button", { name: "Add 2 addresses" }).click();
    await phone.getByText("Invite these 2 people to sign up now?").waitFor();
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.getByRole("button", { name: "Send the invitation" }).click();
    await phone.getByText("Invitation on its way to these 2 people.").waitFor();
    await expect
      .poll(() =>
        story.smtp.messages
          .filter((m) => m.subject === LAUNCH_SUBJECT)
          .map((m) => m.to[0])
          .sort(),
      )
      .toEqual(["ann@chase.test", "cy@chase.test", "dee@chase.test"]);
    expect(await hasHorizontalScroll(phone)).toBe(false);
  });
});
