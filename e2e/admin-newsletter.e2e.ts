import { and, eq, ne } from "drizzle-orm";
import Papa from "papaparse";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchMembers, outgoingMessages, users } from "../src/server/db/schema";
import { allowEmail, createAdmin, createUser } from "../src/server/test/factories";
import { monthDisplay } from "../src/shared/pairings";
import {
  axeViolations,
  dialogHoldsFocus,
  downloadedText,
  focusIsOn,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

const people = [
  { firstName: "Ada", department: "engineering" },
  { firstName: "Ben", department: "sales" },
  { firstName: "Cleo", department: "engineering" },
  { firstName: "Dev", department: "sales" },
];

/** Ada's partner in the generated pairing, read from the database. */
async function partnerOf(email: string): Promise<string> {
  const [me] = await story.db.select().from(users).where(eq(users.email, email));
  const [mine] = await story.db.select().from(matchMembers).where(eq(matchMembers.userId, me.id));
  const [{ userId: partnerId }] = await story.db
    .select()
    .from(matchMembers)
    .where(and(eq(matchMembers.matchId, mine.matchId), ne(matchMembers.userId, me.id)));
  const [partner] = await story.db.select().from(users).where(eq(users.id, partnerId));
  return `${partner.firstName} ${partner.lastName}`;
}

async function expectAccessibleAndNarrow(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await hasHorizontalScroll(page)).toBe(false);
}

describe("an admin sends this month's newsletter", () => {
  it(
    "creates, edits, validates, approves and sends it through a mail-server outage, finds the log and its CSV, retries the failed delivery, and reads the automatic e-mails",
    { timeout: 120_000 },
    async () => {
      const { page, partner } = await signInWithAPairingMade();
      const month = clock.now().toISOString().slice(0, 7); // the server's month is UTC's
      const period = monthDisplay(month);
      await writeValidateAndPreview(page, period, partner);
      await approveAndSendThroughAnOutage(page, period);

      const mail = await story.smtp.waitForMessage((m) => m.to.includes("ada@brew.test"));
      expect(mail.subject).toBe(`Cup of Joe - ${period} Newsletter`);
      expect(mail.html).toContain(partner);
      expect(mail.text).toContain(partner);
      expect(mail.html).toContain("Crisp mornings &amp; &lt;warm&gt; mugs");
      const recipients = story.smtp.messages
        .filter((m) => m.subject === mail.subject)
        .flatMap((m) => m.to);
      expect(recipients.sort()).toEqual(["ada@brew.test", "ben@brew.test", "cleo@brew.test"]);

      const { logCard, details } = await readTheSendLog(page, period, partner);
      await downloadTheLogCsv(page, logCard, month);
      await retryTheFailedDelivery(page, logCard, details);
      expect(story.smtp.messages.filter((m) => m.to.includes("ada@brew.test"))).toHaveLength(1);
      await readTheAutomaticMails(page);
    },
  );
});

/** The people of brew.test and an admin who generated this month's pairing for them. */
async function signInWithAPairingMade() {
  await allowEmail(story.db, "*@brew.test");
  for (const p of people) {
    await createUser(story.db, {
      email: `${p.firstName.toLowerCase()}@brew.test`,
      firstName: p.firstName,
      lastName: "Brewer",
      department: p.department,
    });
  }
  const admin = await createAdmin(story.db, { email: "boss@hq.test", needsProfileSetup: true });
  const page = await story.newPage({ width: 375, height: 800 });
  await story.signInAs(page, admin);
  await page.goto("/admin");

  await page.getByRole("button", { name: "Generate Monthly Pairings" }).click();
  await page
    .getByRole("dialog", { name: /^Generate .* pairings for Everyone\?$/ })
    .getByRole("button", { name: /^Generate .* pairings$/ })
    .click();
  await page.getByText("Generated 2 matches for Everyone", { exact: true }).waitFor();
  const partner = await partnerOf("ada@brew.test");
  return { page, partner };
}

/** Creates the newsletter, fills it (client-side checks first), validates, saves and previews it. */
async function writeValidateAndPreview(page: Page, period: string, partner: string) {
  await page
    .getByRole("navigation", { name: "Operations sections" })
    .getByRole("link", { name: "Newsletters" })
    .click();
  await page.waitForURL((url) => url.pathname === "/admin/newsletters");
  await page.getByText("No newsletters created yet", { exact: true }).waitFor();
  await page.getByText(`Creates the ${period} newsletter.`).waitFor();
  await page.getByRole("button", { name: "Create Newsletter" }).click();
  const editor = page.getByRole("dialog", { name: `Edit Newsletter: ${period}` });
  await editor.waitFor();
  expect(await editor.getByLabel("E-mail subject").inputValue()).toBe(
    `Cup of Joe - ${period} Newsletter`,
  );
  await expectAccessibleAndNarrow(page);

  // Client-side validation uses the server's messages.
  await editor.getByLabel("Mood image URL").fill("javascript:alert(1)");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await editor
    .getByText("Mood image URL must be an http:// or https:// address of an image")
    .waitFor();
  await editor.getByLabel("Mood image URL").fill("");
  await editor.getByLabel("Mood description").fill("Crisp mornings & <warm> mugs");
  await editor.getByLabel("Quote", { exact: true }).fill("Coffee is a language in itself.");
  await editor.getByLabel("Question").fill("Which country drinks the most coffee per person?");
  const choices = editor.getByRole("group", { name: "Choices" });
  while ((await choices.getByRole("textbox").count()) < 3) {
    await choices.getByRole("button", { name: "Add choice" }).click();
  }
  await choices.getByRole("textbox", { name: "Choice A" }).fill("Finland");
  await choices.getByRole("textbox", { name: "Choice B" }).fill("Italy");
  await choices.getByRole("textbox", { name: "Choice C" }).fill("Brazil");
  await editor.getByLabel("Correct answer").selectOption("A");
  const starters = editor.getByRole("group", { name: "Conversation starters" });
  await starters.getByRole("button", { name: "Add starter" }).click();
  await starters.getByRole("textbox").last().fill("What did you want to be as a child?");

  const linked = editor.getByLabel("Linked pairing");
  // No groups: the option names the month and its matches (trios count once), no group label.
  await linked.locator("option", { hasText: /\(current\)/ }).waitFor({ state: "attached" });
  expect(await linkedOptionLabel(page)).toMatch(/^\w+ \d{4} \(current\) · \d+ match(es)?$/);
  await linked.selectOption({ label: await linkedOptionLabel(page) });
  await editor.getByRole("button", { name: "Validate Matches" }).click();
  const result = editor.getByRole("status", { name: "Validation result" });
  await result.getByText("Validation Passed", { exact: true }).waitFor();
  expect(await result.innerText()).toMatch(/Total users\s*4/);
  await expectAccessibleAndNarrow(page);

  await editor.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Newsletter Saved", { exact: true }).waitFor();

  await editor.getByRole("tab", { name: "Preview" }).click();
  await editor.getByLabel("Recipient email").fill("ada@brew.test");
  // Axe before the preview exists: it cannot enter a frame sandboxed without scripts.
  await expectAccessibleAndNarrow(page);
  await editor.getByRole("button", { name: "Preview Email" }).click();
  await editor.getByText(`Match found: ${partner}`).waitFor();
  const frame = page.frameLocator('iframe[title="Email preview for ada@brew.test"]');
  await frame.getByText(partner).first().waitFor();
  await frame.getByText("Crisp mornings & <warm> mugs").waitFor();
  expect(await hasHorizontalScroll(page)).toBe(false);

  // A real test e-mail to the admin's own address, showing Ada's e-mail.
  const test = editor.getByRole("form", { name: "Send test" });
  expect(await test.getByLabel("Send a test to").inputValue()).toBe("boss@hq.test");
  await test.getByText("The test shows the e-mail ada@brew.test receives").waitFor();
  await test.getByRole("button", { name: "Send test" }).click();
  await page
    .getByText("Test email sent to boss@hq.test, as ada@brew.test receives it")
    .first()
    .waitFor();
  const testMail = await story.smtp.waitForMessage((m) => m.to.includes("boss@hq.test"));
  expect(testMail.subject).toBe(`[Test] Cup of Joe - ${period} Newsletter`);
  expect(testMail.text).toContain(partner);
  await editor.getByRole("button", { name: "Close Editor" }).click();
  await editor.waitFor({ state: "detached" });
}

/** Approves it, then sends it while the mail server is down and one mailbox refuses it once. */
async function approveAndSendThroughAnOutage(page: Page, period: string) {
  const list = page.getByRole("list", { name: "Newsletters" });
  const row = list.getByRole("listitem").filter({ hasText: `Cup of Joe - ${period}` });
  await row.getByRole("button", { name: /^Approve / }).click();
  await row.getByText("Approved", { exact: true }).waitFor();
  expect(await row.innerText()).toContain(`\n${period}\n`);
  // Dev's mailbox refuses the message once: one failure, shown as such everywhere, then
  // retried from the send log.
  story.smtp.rejectRecipients((address) => address === "dev@brew.test", 550, 1);
  // The mail server is down when the send starts: the send waits, then resumes by itself.
  await story.smtp.stop();
  await row.getByRole("button", { name: /^Send to Users/ }).click();
  const ask = page.getByRole("dialog", { name: "Send to Users?" });
  await ask.getByText(/Each person receives their own match by e-mail/).waitFor();
  // No domain groups: the linked pairing is named by its month alone, not "Group A - All Users".
  expect(await ask.innerText()).toContain(`" to everyone in ${period}? Each person`);
  await ask.getByRole("button", { name: "Send to Users" }).click();

  const progress = page.getByRole("progressbar", { name: /^Sending / });
  await progress.waitFor();
  // Since when, in the company's zone (UTC here), named as every admin time is.
  await page
    .getByText(/^Waiting for the mail server since \w{3}, \w{3} \d{1,2}, .+ UTC\./)
    .waitFor({ timeout: 15_000 });
  await story.smtp.restart();
  await expect.poll(() => progress.getAttribute("aria-valuenow"), { timeout: 30_000 }).toBe("100");
  await page.getByText("Done: 3 sent, 1 failed of 4").waitFor();
  await page.getByText("Sent to 4 recipients. 3 successful, 1 failed.", { exact: true }).waitFor();
  // The sent newsletter stays listed, read only, with its log; next month's can be prepared.
  await row.getByText("Sent", { exact: true }).waitFor();
  await row.getByRole("button", { name: /^Send log of / }).waitFor();
  expect(await row.getByRole("button", { name: /^Delete / }).count()).toBe(0);
  await page.getByText(/^Creates the .* newsletter\.$/).waitFor();
  expect(await page.getByText(`Creates the ${period} newsletter.`).count()).toBe(0);
  await expectAccessibleAndNarrow(page);
}

/** The send log's card, its entries (one failure with its code) and a sent e-mail's preview. */
async function readTheSendLog(page: Page, period: string, partner: string) {
  await page.getByRole("tab", { name: "Email Send Logs" }).click();
  const logs = page.getByRole("tabpanel", { name: "Email Send Logs" });
  const logCard = logs
    .getByRole("listitem")
    .filter({ hasText: `Cup of Joe - ${period}` })
    .first();
  await logCard.waitFor();
  expect(await logCard.innerText()).toContain("4 recipients · 3 successful · 1 failed");
  await expectAccessibleAndNarrow(page);

  await logCard.getByRole("button", { name: /^View Details/ }).click();
  const details = page.getByRole("dialog");
  // Its overview names the month as people read it ("March 2027", never "3/2027").
  const month = details.getByText("Month", { exact: true }).locator("xpath=following-sibling::dd");
  expect(await month.innerText()).toBe(period);
  await details.getByRole("tab", { name: "Send Entries" }).click();
  const entry = details
    .getByRole("listitem")
    .filter({ has: page.getByText("ada@brew.test", { exact: true }) });
  await entry.getByText("Success", { exact: true }).waitFor();
  const refused = details
    .getByRole("listitem")
    .filter({ has: page.getByText("dev@brew.test", { exact: true }) });
  await refused.getByText("Failed", { exact: true }).waitFor();
  expect(await refused.innerText()).toContain("550");
  await expectAccessibleAndNarrow(page);
  await details.getByRole("tab", { name: "Preview Email" }).click();
  await details.getByLabel("Recipient").selectOption("ada@brew.test");
  await details.getByRole("button", { name: "Preview Email" }).click();
  await page
    .frameLocator('iframe[title="Email sent to ada@brew.test"]')
    .getByText(partner)
    .first()
    .waitFor();
  await details.getByRole("button", { name: "Close" }).click();
  await details.waitFor({ state: "detached" });
  return { logCard, details };
}

/** The log's CSV lists every recipient, the refused one with its code. */
async function downloadTheLogCsv(page: Page, logCard: Locator, month: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    logCard.getByRole("button", { name: /^Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`email_log_${month.slice(5)}${month.slice(0, 4)}.csv`);
  const csv = await downloadedText(download);
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  expect(rows.map((r) => r.user_email).sort()).toEqual(
    people.map((p) => `${p.firstName.toLowerCase()}@brew.test`),
  );
  expect(rows.find((r) => r.user_email === "dev@brew.test")).toMatchObject({
    send_status: "failed",
    error_code: "550",
  });
}

/** Retries the failed delivery from the log; the log then counts every recipient a success. */
async function retryTheFailedDelivery(page: Page, logCard: Locator, details: Locator) {
  await logCard.getByRole("button", { name: /^View Details/ }).click();
  const retry = details.getByRole("button", { name: "Retry failed deliveries" });
  const confirm = page.getByRole("dialog", { name: "Retry 1 failed delivery?" });
  // Cancelled, the question gives the focus back to the button that asked it.
  await retry.click();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await focusIsOn(retry);
  await retry.click();
  await confirm.getByRole("button", { name: "Retry failed deliveries" }).click();
  await page.getByText("Retrying 1 failed delivery.", { exact: false }).first().waitFor();
  await story.smtp.waitForMessage((m) => m.to.includes("dev@brew.test"), 15_000);
  // The Retry button is gone with the failure: the focus stays in the dialog. It closes by
  // keyboard: Escape closes the toast above it (over its close button on a phone) if still open,
  // then the dialog.
  await dialogHoldsFocus(details);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await details.waitFor({ state: "detached" });
  await page.getByRole("tab", { name: "Operations" }).click();
  await page.getByRole("tab", { name: "Email Send Logs" }).click();
  await expect
    .poll(() => logCard.innerText(), { timeout: 15_000 })
    .toContain("4 recipients · 4 successful · 0 failed");
}

/**
 * The outbox's automatic e-mails under the logs: a failed match change with its reason and a
 * sent check-in question, never a sign-in code; filtered by outcome.
 */
async function readTheAutomaticMails(page: Page) {
  const at = clock.now();
  const row = { data: {}, mailTransport: "story", nextAttemptAt: at, createdAt: at };
  await story.db.insert(outgoingMessages).values([
    { ...row, kind: "check-in-question", recipient: "ben@brew.test", state: "sent", sentAt: at },
    { ...row, kind: "sign-in-code", recipient: "cleo@brew.test", state: "sent", sentAt: at },
    {
      ...row,
      kind: "match-change",
      recipient: "ada@brew.test",
      state: "failed",
      errorCode: "550",
      errorMessage: "Mailbox unavailable",
    },
  ]);
  await page.getByRole("tab", { name: "Operations" }).click();
  await page.getByRole("tab", { name: "Email Send Logs" }).click();
  const list = page.getByRole("list", { name: "Automatic e-mails" });
  const changed = list.getByRole("listitem").filter({ hasText: "Match changed" });
  await changed.getByText("Failed: Mailbox unavailable", { exact: true }).waitFor();
  expect(await changed.innerText()).toContain("ada@brew.test");
  const asked = list.getByRole("listitem").filter({ hasText: "Did you meet?" });
  expect(await asked.innerText()).toContain("ben@brew.test");
  expect(await list.getByRole("listitem").count()).toBe(2);
  await expectAccessibleAndNarrow(page);

  await page.getByLabel("Outcome").selectOption("failed");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
  expect(await list.innerText()).toContain("ada@brew.test");
}

/** The label of the linked-pairing option that names this month's company-wide pairing. */
async function linkedOptionLabel(page: Page): Promise<string> {
  const option = page.getByLabel("Linked pairing").locator("option", { hasText: /\(current\)/ });
  return (await option.first().textContent()) ?? "";
}
