import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "../src/server/app-secret";
import { matchRefusedTimes } from "../src/server/db/schema";
import { bookingLinkUrl } from "../src/server/mail/booking-links";
import { createRunningCompany } from "../src/server/test/factories";
import type { ReceivedMail } from "../src/server/test/smtp-peer";
import { BOOKING_DOES_NOT_FIT, bookedText, bookingTimeLabel } from "../src/shared/booking";
import {
  axeViolations,
  focusIsOn,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";
import { runningClock } from "./support/story-clock";

// Wednesday 10 March 2027, 09:00 UTC: the app and each page read this clock. Ada works in Berlin,
// Grace in New York (docs/scheduling.md, "Booking").
const clock = runningClock("2027-03-10T09:00:00Z");
const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

async function adaAndGrace() {
  const { person, match } = await createRunningCompany(story.db, { name: "Booking" });
  const ada = await person("Ada", {
    lastName: "Lovelace",
    timeZone: BERLIN,
    timeZoneConfirmed: true,
  });
  const grace = await person("Grace", {
    lastName: "Hopper",
    timeZone: NEW_YORK,
    timeZoneConfirmed: true,
  });
  return { ada, grace, pair: await match(ada, grace) };
}

/** The times the server proposes now, as the signed-in page's own request reads them. */
async function proposedStarts(page: Page, matchId: number): Promise<string[]> {
  const res = await page.request.get(`/api/matches/${matchId}/times`);
  expect(res.status()).toBe(200);
  return ((await res.json()).times as { start: string }[]).map((time) => time.start);
}

const bookButton = (card: Locator, start: string) =>
  card.getByRole("button", { name: `Book ${bookingTimeLabel(start, BERLIN)}` });

/** The calendar text of the e-mail to `email` whose event has that SEQUENCE. */
async function invitationTo(email: string, sequence: number): Promise<string> {
  const calendarText = (m: ReceivedMail) => {
    const part = m.parsed.attachments.find((a) => a.mimeType === "text/calendar");
    if (!part) return "";
    return typeof part.content === "string" ? part.content : new TextDecoder().decode(part.content);
  };
  const mail = await story.smtp.waitForMessage(
    (m) =>
      m.to.includes(email) && new RegExp(`^SEQUENCE:${sequence}\\r?$`, "m").test(calendarText(m)),
  );
  return calendarText(mail);
}

const stamp = (iso: string) => `DTSTART:${iso.replace(/[-:]/g, "").replace(".000", "")}`;

async function bookWithTheKeyboard(page: Page, card: Locator, starts: string[]) {
  for (const start of starts) await bookButton(card, start).waitFor();
  expect(await card.getByRole("button", { name: /^Book / }).count()).toBe(3);
  expect(
    await card.getByText("Times in your time zone, Central European Time (Europe/Berlin);").count(),
  ).toBe(1);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await bookButton(card, starts[0]).focus();
  await page.keyboard.press("Enter");
  const booked = card.getByText(bookedText(starts[0], BERLIN));
  await booked.waitFor();
  // The booked time names its zone, as the offered times do (no bare "your time").
  expect(await booked.textContent()).toMatch(
    /^Booked: \w{3}, \w{3} \d{1,2}, \d{2}:\d{2} Central European Time \(Europe\/Berlin\)$/,
  );
  await focusIsOn(booked);
  await card
    .getByRole("button", { name: /^Book / })
    .first()
    .waitFor({ state: "detached" });
}

async function moveIt(page: Page, card: Locator, matchId: number): Promise<string> {
  await card.getByRole("button", { name: "Move" }).click();
  const starts = await proposedStarts(page, matchId);
  await focusIsOn(bookButton(card, starts[0]));
  expect(await axeViolations(page)).toEqual([]);
  await bookButton(card, starts[1]).click();
  await card.getByText(bookedText(starts[1], BERLIN)).waitFor();
  return starts[1];
}

/**
 * Grace comes back to her open page (the invitation told her): it becomes visible again and shows
 * Ada's booking in Grace's zone, having read the booking again but not the times, which ask the
 * calendars (docs/scheduling.md, "Booking").
 */
async function graceSeesTheBooking(page: Page, chat: Locator, matchId: number, start: string) {
  const timesReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/matches/${matchId}/times`) {
      timesReads.push(request.url());
    }
  });
  // As the browser's own: it bubbles from the document to the window, where React Query listens.
  await page.evaluate(() =>
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true })),
  );
  await chat.getByText(bookedText(start, NEW_YORK)).waitFor();
  await chat.getByRole("button", { name: "Move" }).waitFor();
  expect(await chat.getByRole("button", { name: /^Book / }).count()).toBe(0);
  expect(timesReads).toEqual([]);
}

describe("a match booking its coffee chat", () => {
  it("books one of three times with one press, moves it, and asks for new times when none fit (375 px)", async () => {
    clock.set("2027-03-10T09:00:00Z");
    const { ada, grace, pair } = await adaAndGrace();
    const page = await story.newPage({ width: 375, height: 800, timezoneId: BERLIN });
    await story.signInAs(page, ada);
    await page.goto("/matches");
    const chat = page.getByRole("region", { name: "Coffee chat time" });
    const first = await proposedStarts(page, pair.id);
    expect(first).toHaveLength(3);
    // Grace's Matches page is open before Ada books, its times drawn.
    const gracePage = await story.newPage({ timezoneId: NEW_YORK });
    await story.signInAs(gracePage, grace);
    await gracePage.goto("/matches");
    const graceChat = gracePage.getByRole("region", { name: "Coffee chat time" });
    await graceChat
      .getByRole("button", { name: /^Book / })
      .first()
      .waitFor();

    await bookWithTheKeyboard(page, chat, first);
    for (const email of [ada.email, grace.email]) {
      expect(await invitationTo(email, 0)).toContain(stamp(first[0]));
    }
    await graceSeesTheBooking(gracePage, graceChat, pair.id, first[0]);

    const moved = await moveIt(page, chat, pair.id);
    expect(await invitationTo(grace.email, 1)).toContain(stamp(moved));

    // Beside the booking no times are listed, so nothing to refuse; Move lists them.
    expect(await chat.getByRole("button", { name: "None of these fit" }).count()).toBe(0);
    await chat.getByRole("button", { name: "Move" }).click();
    // None of these fit: three new times, none of those shown before.
    const shown = await proposedStarts(page, pair.id);
    await chat.getByRole("button", { name: "None of these fit" }).click();
    await expect
      .poll(async () => (await proposedStarts(page, pair.id)).some((s) => shown.includes(s)))
      .toBe(false);
    const fresh = await proposedStarts(page, pair.id);
    for (const start of fresh) await bookButton(chat, start).waitFor();
    await chat.getByRole("button", { name: "Keep the booked time" }).click();
    await chat.getByText(bookedText(moved, BERLIN)).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the server's message when a time no longer fits", async () => {
    clock.set("2027-03-10T09:00:00Z");
    const { ada, pair } = await adaAndGrace();
    const page = await story.newPage({ timezoneId: BERLIN });
    await story.signInAs(page, ada);
    await page.goto("/matches");
    const card = page.getByRole("region", { name: "Coffee chat time" });
    const starts = await proposedStarts(page, pair.id);
    await bookButton(card, starts[2]).waitFor();
    // Grace refused them all in another window meanwhile.
    await story.db.insert(matchRefusedTimes).values(
      starts.map((start) => ({
        matchId: pair.id,
        startsAt: new Date(start),
        refusedAt: clock.now(),
      })),
    );
    await bookButton(card, starts[2]).click();
    await card.getByRole("alert").getByText(BOOKING_DOES_NOT_FIT).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("a proposed time opened from an e-mail", () => {
  it("shows the time without booking it, and books it with the page's button, signed out", async () => {
    clock.set("2027-03-10T09:00:00Z");
    const { ada, grace, pair } = await adaAndGrace();
    const signedIn = await story.newPage({ timezoneId: BERLIN });
    await story.signInAs(signedIn, ada);
    const [start] = await proposedStarts(signedIn, pair.id);
    const link = bookingLinkUrl(story.server.app.ctx, await getAuthSecret(story.server.app.ctx), {
      userId: grace.id,
      matchId: pair.id,
      start: new Date(start),
    });
    const page = await story.newPage({ width: 375, height: 800, timezoneId: BERLIN });
    await page.goto(new URL(link).pathname + new URL(link).search);
    const button = page.getByRole("button", { name: `Book ${bookingTimeLabel(start, BERLIN)}` });
    await button.waitFor();
    await page
      .getByText("in your time zone, Central European Time (Europe/Berlin), for 30 minutes")
      .waitFor();
    const before = await signedIn.request.get(`/api/matches/${pair.id}/invitation`);
    expect((await before.json()).invitation).toBe(null);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await button.click();
    await page.getByText(bookedText(start, BERLIN)).waitFor();
    expect(await invitationTo(grace.email, 0)).toContain(stamp(start));
    expect(await axeViolations(page)).toEqual([]);
  });

  it("an old link over a booking says what is booked and by whom, and offers a move, not a first booking", async () => {
    clock.set("2027-03-10T09:00:00Z");
    const { ada, grace, pair } = await adaAndGrace();
    const signedIn = await story.newPage({ timezoneId: BERLIN });
    await story.signInAs(signedIn, ada);
    const [first, second] = await proposedStarts(signedIn, pair.id);
    const secret = await getAuthSecret(story.server.app.ctx);
    const linkTo = (start: string) => {
      const url = new URL(
        bookingLinkUrl(story.server.app.ctx, secret, {
          userId: grace.id,
          matchId: pair.id,
          start: new Date(start),
        }),
      );
      return url.pathname + url.search;
    };
    // Ada books the first time on her Matches page.
    await signedIn.goto("/matches");
    const chat = signedIn.getByRole("region", { name: "Coffee chat time" });
    await bookButton(chat, first).click();
    await chat.getByText(bookedText(first, BERLIN)).waitFor();

    // Grace then opens her own e-mail's link for the second time.
    const page = await story.newPage({ width: 375, height: 800, timezoneId: BERLIN });
    await page.goto(linkTo(second));
    await page.getByRole("heading", { name: "Move your coffee chat?" }).waitFor();
    await page
      .getByText(
        `Your chat is already booked for ${bookingTimeLabel(first, BERLIN)} Central European Time (Europe/Berlin) (booked by Ada Lovelace).`,
        { exact: false },
      )
      .waitFor();
    expect(await page.getByRole("button", { name: /^Book / }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: `Move to ${bookingTimeLabel(second, BERLIN)}` }).click();
    await page.getByText(bookedText(second, BERLIN)).waitFor();
    await page.getByRole("heading", { name: "Your coffee chat is moved" }).waitFor();
    expect(await invitationTo(ada.email, 1)).toContain(stamp(second));

    // The same link again (a used link): what is booked, by whom, and nothing to press.
    await page.goto(linkTo(second));
    await page.getByRole("heading", { name: "Your coffee chat is booked" }).waitFor();
    await page.getByText("(you booked it)", { exact: false }).waitFor();
    expect(await page.getByRole("button").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
