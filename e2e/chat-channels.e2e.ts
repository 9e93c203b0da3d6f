import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail, createAdmin, createUser } from "../src/server/test/factories";
import { type SlackStandIn, startSlackStandIn } from "../src/server/test/slack-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../src/server/test/webhook-receiver";
import { axeViolations, type Story, startStory } from "./support/harness";

/* Where people are reached (docs/chat.md): the profile's choice and the admin's Chat panel. */
const TOKEN = "xoxb-story-token";
let slack: SlackStandIn;
let receiver: WebhookReceiver;
let story: Story;
beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: {} });
  receiver = await startWebhookReceiver();
  story = await startStory({
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: "story-secret",
      SLACK_API_URL: slack.url,
      // The story's webhook receiver listens on 127.0.0.1 (docs/chat.md, "Private addresses").
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
  });
  await allowEmail(story.db, "*@chat-story.test");
});
afterAll(async () => {
  await story?.close();
  await receiver?.close();
  await slack?.close();
});

describe("an employee chooses where to be reached", () => {
  it("picks Slack on the profile, and the choice is kept", async () => {
    const user = await createUser(story.db, {
      email: "robin@chat-story.test",
      department: "Other",
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Where to reach me" }).waitFor();
    const choice = page.getByLabel("Reach me by");
    expect(await choice.inputValue()).toBe("company");
    await choice.selectOption("slack");
    await page.getByRole("button", { name: "Save" }).last().click();
    await page.getByText("We will reach you there from now on.", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await expect.poll(() => page.getByLabel("Reach me by").inputValue()).toBe("slack");
  });
});

describe("an admin connects the company's chat", () => {
  it("sees Slack connected, sets the default, adds a webhook and sends it a test event", async () => {
    const admin = await createAdmin(story.db, { email: "boss@chat-story.test" });
    const page = await story.newPage();
    await story.signInAs(page, admin);
    await page.goto("/admin/channels");
    const status = page.getByTestId("slack-status");
    await status.waitFor();
    expect(await status.textContent()).toContain("Slack connected to Test Co as cupofjoe");

    const defaultChoice = page.getByLabel("Company default: reach people by");
    await defaultChoice.selectOption("both");
    await defaultChoice
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Save" })
      .click();
    await page.getByText("The company's default channel is saved.", { exact: true }).waitFor();

    await page.getByLabel("Webhook address").fill(receiver.url);
    await page.getByLabel("match.created").check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secret = page.getByTestId("webhook-secret").locator("code");
    await secret.waitFor();
    receiver.trust((await secret.textContent()) ?? "");
    const row = page.getByTestId("webhook");
    await row.getByText(receiver.url).waitFor();
    await row.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]).toMatchObject({ error: null, event: { type: "test" } });
    await page.reload();
    await page.getByTestId("webhook").getByText("test: sent").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
