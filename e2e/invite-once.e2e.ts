import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAUNCH_SUBJECT } from "../src/server/outbox/kinds/launch-invitation";
import { allowEmail, createAdmin } from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

const PEOPLE = ["ann@once.test", "bob@once.test", "cy@once.test"];
const invitations = () =>
  story.smtp.messages.filter((m) => m.subject === LAUNCH_SUBJECT).map((m) => m.to[0]);

// docs/admin-console.md, "Invitations": one rule per person, whichever button sends.
describe("an admin invites everyone from the Email Whitelist", () => {
  it("finds the checklist's invite step done, and an invited person can stop the invitations", async () => {
    for (const email of PEOPLE) await allowEmail(story.db, email);
    const admin = await createAdmin(story.db, { email: "hr@once.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/whitelist");
    await page.getByRole("button", { name: "Invite all who can be (3)" }).click();
    await page.getByText("Sending the invitation to 3 people.").first().waitFor();
    await expect.poll(() => invitations().sort(), { timeout: 30_000 }).toEqual(PEOPLE);

    // Operations' checklist: the step is done, and it offers no second e-mail to the same people.
    await page.goto("/admin");
    const steps = page.getByRole("list", { name: "Getting started steps" });
    await steps.getByText("Invite everyone (done)").waitFor();
    expect(await steps.getByRole("button", { name: /E-mail the invitation/ }).count()).toBe(0);
    expect(invitations()).toHaveLength(3);

    // Ann follows her invitation's unsubscribe link: the page asks before it stops anything.
    const mail = story.smtp.messages.find((m) => m.to[0] === "ann@once.test");
    const header = mail?.parsed.headers.find((h) => h.key === "list-unsubscribe")?.value ?? "";
    const link = new URL(header.slice(1, -1));
    const phone = await story.newPage({ width: 375, height: 800 });
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByText("a***@once.test was invited to Cup of Joe").waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await phone.getByRole("button", { name: "Stop invitations" }).click();
    await phone.getByText("No more invitations or reminders").waitFor();
  });
});
