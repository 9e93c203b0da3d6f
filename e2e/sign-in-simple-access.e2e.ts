import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { bookingTimeLabel } from "../src/shared/booking";
import { personName } from "../src/shared/person-name";
import { SAMPLE_DOMAIN, samplePeople, sampleRounds } from "../src/shared/sample-company";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// Wednesday 10 March 2027: the sample company is seeded as of then, its March round running.
const clock = runningClock("2027-03-10T09:00:00Z");
// Not the default size, so /admin-demo can only agree by reading the server's.
const EMPLOYEES = 120;
let story: Story;
beforeAll(async () => {
  // Started as README.md says: the admin (ADMIN_EMAIL, at the sample domain) exists before DEMO=1
  // seeds the sample company, every person of it set up.
  story = await startStory({
    clock,
    pagesOnClock: true,
    env: {
      DEMO: "1",
      DEMO_EMPLOYEES: String(EMPLOYEES),
      ADMIN_EMAIL: `boss@${SAMPLE_DOMAIN}`,
      ADMIN_PASSWORD: "a long password",
    },
  });
  await allowEmail(story.db, "*@quick.test");
});
afterAll(() => story?.close());

describe("quick test access in a demo", () => {
  it("takes an e-mail to an unvalidated profile that a mailed code validates", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/");
    await page.getByRole("link", { name: "Quick Test Access" }).click();
    await page.waitForURL("**/simple-auth");
    await page.getByRole("heading", { name: "Quick Test Access", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Go to Profile" }).click();
    await page.getByText("Please enter your email address", { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole("link", { name: "Use Magic Link Instead" }).getAttribute("href"))
      .toBe("/auth");

    await page.getByLabel("Work email").fill("quinn@quick.test");
    await page.getByRole("button", { name: "Go to Profile" }).click();
    await page.waitForURL("**/profile");
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me).toMatchObject({ email: "quinn@quick.test", isValidated: false });

    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes("quinn@quick.test"));
    await page.getByLabel("Verification code").fill(mail.text.match(/\b(\d{6})\b/)?.[1] ?? "");
    // One action checks the code: no second button that looks the same.
    expect(await page.getByRole("button", { name: "Verify Code" }).count()).toBe(0);
    await page.getByRole("button", { name: "I've Entered My Code" }).click();
    await expect
      .poll(() => page.evaluate(() => fetch("/api/auth/user").then((r) => r.json())))
      .toMatchObject({ email: "quinn@quick.test", isValidated: true });
  });

  it("opens the sample company's people as they are, the ones /admin-demo lists, and says beside the field why not an admin", async () => {
    const page = await story.newPage({ width: 1280, height: 800 });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto("/simple-auth");
    await page.getByLabel("Work email").fill(`boss@${SAMPLE_DOMAIN}`);
    await page.getByRole("button", { name: "Go to Profile" }).click();
    const refusal = page.locator("form").getByRole("alert");
    await expect
      .poll(() => refusal.innerText())
      .toBe("This is an admin's account. Admins sign in with their password under Admin Access.");
    expect(await axeViolations(page)).toEqual([]);

    // The first person /admin-demo lists is the server's too, the admin's address at the domain
    // notwithstanding: opened as she is, not made a new account.
    await page.getByLabel("Work email").fill(`ada.okafor@${SAMPLE_DOMAIN}`);
    await page.getByRole("button", { name: "Go to Profile" }).click();
    await page.waitForURL("**/profile");
    await expect
      .poll(() => page.evaluate(() => fetch("/api/auth/user").then((r) => r.json())))
      .toMatchObject({ email: `ada.okafor@${SAMPLE_DOMAIN}`, firstName: "Ada", isValidated: true });

    // /admin-demo lists as many people as the server seeded, down to its last one.
    const last = samplePeople(EMPLOYEES).at(-1);
    if (!last) throw new Error("No sample people");
    await page.goto("/admin-demo/users");
    await page.getByText(`Showing 50 of ${EMPLOYEES} users`).waitFor();
    await page.getByLabel("Search users").fill(personName(last).toLowerCase());
    await page.getByText("Showing 1 user").waitFor();
    expect(await page.locator("body").innerText()).toContain(last.email);
    expect(pageErrors).toEqual([]);
  });

  it("shows a sample person in Berlin their match's times in their own zone", async () => {
    // The first Berlin person whose running match, not answered yet (so times are proposed), is
    // with someone of another office.
    const people = samplePeople(EMPLOYEES);
    const running = sampleRounds(people, clock.now()).at(-1)?.matches ?? [];
    const match = running.find(
      ({ members, answers }) =>
        people[members[0]].office === "Berlin" &&
        members.some((m) => people[m].office !== "Berlin") &&
        answers.every((answer) => answer === "pending"),
    );
    if (!match) throw new Error("No Berlin person has a partner elsewhere this month");
    const berliner = people[match.members[0]];
    // The browser is in New York: the times follow the person's zone, not the machine's.
    const page = await story.newPage({ width: 375, height: 800, timezoneId: "America/New_York" });
    await page.goto("/simple-auth");
    await page.getByLabel("Work email").fill(berliner.email);
    await page.getByRole("button", { name: "Go to Profile" }).click();
    await page.waitForURL("**/profile");
    await page.goto("/matches");
    await page
      .getByText("Times in your time zone, Central European Time (Europe/Berlin);")
      .first()
      .waitFor();
    const { match: mine } = (await page.evaluate(() =>
      fetch("/api/matches/current").then((r) => r.json()),
    )) as { match: { id: number } };
    const res = await page.request.get(`/api/matches/${mine.id}/times`);
    const starts = ((await res.json()).times as { start: string }[]).map((t) => t.start);
    expect(starts).toHaveLength(3);
    for (const start of starts) {
      const label = bookingTimeLabel(start, "Europe/Berlin");
      expect(label.slice(-5) >= "09:00" && label.slice(-5) <= "16:30").toBe(true);
      await page.getByRole("button", { name: `Book ${label}` }).waitFor();
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
