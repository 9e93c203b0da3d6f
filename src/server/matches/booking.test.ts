import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  BOOKING_DOES_NOT_FIT,
  bookingTimeLabel,
  CHAT_ALREADY_HAPPENED,
  type ProposedTime,
} from "../../shared/booking";
import { CHAT_START_PASSED } from "../../shared/calendar";
import { getAuthSecret } from "../app-secret";
import { fixedClock } from "../clock";
import { matchBusyTimes, pairings } from "../db/schema";
import { bookingLinkUrl } from "../mail/booking-links";
import { MET_BEFORE_BOOKED_TIME } from "../match-members/match-members";
import { createRunningCompany, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

// Three real times and one press that books them (docs/scheduling.md, "Booking"): the times fit
// every member's working hours in their own zone and miss their busy time; a booking is the
// match's one calendar event, e-mailed to every member through a real SMTP exchange and read
// back with ical.js.

/** Wednesday 10 March 2027; the US moves its clocks on Sunday 14 March, Europe on 28 March. */
const MID_MARCH = new Date("2027-03-10T09:00:00Z");
const clock = fixedClock(MID_MARCH);
let peer: SmtpPeer;
let t: TestApp;
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));

const BERLIN = { timeZone: "Europe/Berlin" };
const NEW_YORK = { timeZone: "America/New_York" };

async function berlinAndNewYork() {
  clock.set(MID_MARCH);
  const { person, match, pairing } = await createRunningCompany(t.db, { name: "Book" });
  const ada = await person("Ada", BERLIN);
  const bob = await person("Bob", NEW_YORK);
  return { ada, bob, pair: await match(ada, bob), pairing };
}

const getTimes = async (who: { id: string }, matchId: number): Promise<ProposedTime[]> => {
  const res = await t.as(who).get(`/api/matches/${matchId}/times`);
  expect(res.statusCode).toBe(200);
  return res.json().times;
};
const book = (who: { id: string }, matchId: number, start: string, replaces?: string) =>
  t.as(who).post(`/api/matches/${matchId}/booking`, { start, replaces });

/** The wall-clock time of an instant in a zone, as "HH:MM". */
const wallClock = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));

function inWorkingHours(time: ProposedTime, timeZone: string) {
  const start = wallClock(time.start, timeZone);
  const end = wallClock(time.end, timeZone);
  return start >= "09:00" && end <= "17:00" && start < end;
}

/** The SEQUENCE, DTSTART and attendees of an e-mail's text/calendar part. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.parsed.attachments.find((a) => a.mimeType === "text/calendar");
  if (!part) throw new Error(`no calendar in "${mail.subject}"`);
  const text =
    typeof part.content === "string" ? part.content : new TextDecoder().decode(part.content);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    attendees: event.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, "")),
  };
}

const invitationTo = (email: string, sequence: number) =>
  peer.waitForMessage(
    (m) =>
      m.to.includes(email) &&
      m.parsed.attachments.some((a) => a.mimeType === "text/calendar") &&
      calendarOf(m).sequence === sequence,
  );

describe("GET /api/matches/{id}/times", () => {
  it("proposes and books only times that end before the round completes (the next pairing day)", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    // Monday 29 March: the March round completes on April's first Monday, 5 April, at 09:00.
    clock.set(new Date("2027-03-29T08:00:00Z"));
    try {
      const times = await getTimes(ada, pair.id);
      expect(times.length).toBeGreaterThan(0);
      for (const time of times) {
        expect(time.end < "2027-04-05T07:00:00.000Z", time.start).toBe(true);
      }
      const afterCompletion = await book(bob, pair.id, "2027-04-06T14:00:00.000Z");
      expect(afterCompletion.statusCode).toBe(409);
      expect(afterCompletion.json().message).toBe(BOOKING_DOES_NOT_FIT);
    } finally {
      clock.set(MID_MARCH);
    }
  });

  it("proposes three times on different days inside both members' working hours, in their own zones", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const times = await getTimes(ada, pair.id);
    expect(times).toHaveLength(3);
    for (const time of times) {
      expect(time.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      expect(new Date(time.end).getTime() - new Date(time.start).getTime()).toBe(30 * 60_000);
      expect(new Date(time.start).getTime()).toBeGreaterThan(MID_MARCH.getTime());
      expect(inWorkingHours(time, BERLIN.timeZone)).toBe(true);
      expect(inWorkingHours(time, NEW_YORK.timeZone)).toBe(true);
    }
    expect(new Set(times.map((time) => time.start.slice(0, 10))).size).toBe(3);
    expect(await getTimes(bob, pair.id)).toEqual(times);
  });

  it("leaves out a member's busy time", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const busyFrom = new Date(new Date(first.start).getTime() - 2 * 3_600_000);
    const busyTo = new Date(new Date(first.end).getTime() + 2 * 3_600_000);
    await t.db.insert(matchBusyTimes).values({
      matchId: pair.id,
      userId: bob.id,
      busy: [[busyFrom.toISOString(), busyTo.toISOString()]],
      readFrom: MID_MARCH,
      readTo: new Date("2027-04-01T00:00:00Z"),
      readAt: MID_MARCH,
    });
    const times = await getTimes(ada, pair.id);
    expect(times).toHaveLength(3);
    for (const time of times) {
      const overlaps =
        new Date(time.start) < busyTo && new Date(time.end).getTime() > busyFrom.getTime();
      expect(overlaps).toBe(false);
    }
  });

  it("answers 404 to someone outside the match, and no times once the pairing is completed", async () => {
    const { ada, pair, pairing } = await berlinAndNewYork();
    const stranger = await createUser(t.db);
    const res = await t.as(stranger).get(`/api/matches/${pair.id}/times`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Match not found");
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    expect(await getTimes(ada, pair.id)).toEqual([]);
  });
});

describe("Met before the booked time (docs/check-ins.md, Answers)", () => {
  it("refuses Met until the booked chat has started, and any new time once it was said", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    expect((await book(ada, pair.id, first.start)).statusCode).toBe(200);
    const met = (who: { id: string }) =>
      t.as(who).put(`/api/matches/${pair.id}/connection-status`, { status: "confirmed" });
    const early = await met(bob);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MET_BEFORE_BOOKED_TIME);
    // Missed may be said at any time.
    const missed = await t
      .as(bob)
      .put(`/api/matches/${pair.id}/connection-status`, { status: "not_confirmed" });
    expect(missed.statusCode).toBe(200);
    clock.set(new Date(first.start));
    try {
      const onTime = await met(bob);
      expect(onTime.statusCode).toBe(200);
      expect(onTime.json().myConnectionStatus).toBe("confirmed");
      // The chat happened: neither a new invitation nor a booking is sent any more.
      const later = new Date(new Date(first.start).getTime() + 2 * 86_400_000).toISOString();
      for (const refused of [
        await t.as(ada).put(`/api/matches/${pair.id}/invitation`, { start: later }),
        await book(ada, pair.id, later, first.start),
      ]) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(CHAT_ALREADY_HAPPENED);
      }
    } finally {
      clock.set(MID_MARCH);
    }
  });
});

describe("POST /api/matches/{id}/booking", () => {
  it("books a proposed time: every member gets one invitation, and a move raises its SEQUENCE", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first, second] = await getTimes(ada, pair.id);

    const booked = await book(ada, pair.id, first.start);
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toEqual({
      message: "Booked: everyone in your match gets the calendar invitation.",
      invitation: { start: first.start, sequence: 0 },
      sent: 2,
    });
    for (const email of [ada.email, bob.email]) {
      const event = calendarOf(await invitationTo(email, 0));
      expect(event).toMatchObject({ method: "REQUEST", start: first.start, sequence: 0 });
      expect(event.attendees).toEqual([ada.email, bob.email]);
    }
    const invitation = await t.as(bob).get(`/api/matches/${pair.id}/invitation`);
    expect(invitation.json().invitation).toEqual({ start: first.start, sequence: 0 });
    expect((await getTimes(bob, pair.id)).map((time) => time.start)).not.toContain(first.start);

    // Bob moves it, naming the booking it replaces: the same event, one SEQUENCE higher, to both.
    const moved = await book(bob, pair.id, second.start, first.start);
    expect(moved.json()).toMatchObject({ invitation: { start: second.start, sequence: 1 } });
    const toAda = calendarOf(await invitationTo(ada.email, 1));
    const toBob = calendarOf(await invitationTo(bob.email, 1));
    expect(toAda).toMatchObject({ method: "REQUEST", start: second.start });
    expect(toBob.uid).toBe(toAda.uid);
    expect(peer.messages.filter((m) => m.to.includes(ada.email))).toHaveLength(2);

    const again = await book(ada, pair.id, second.start);
    expect(again.json()).toMatchObject({ sent: 0, invitation: { sequence: 1 } });
  });

  it("keeps the first of two first bookings made at once and tells the second who booked what", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first, second] = await getTimes(ada, pair.id);

    const answers = await Promise.all([
      book(ada, pair.id, first.start),
      book(bob, pair.id, second.start),
    ]);
    const codes = answers.map((res) => res.statusCode);
    expect([...codes].sort()).toEqual([200, 409]);
    const won =
      codes[0] === 200
        ? { by: "Ada Test", start: first.start }
        : { by: "Bob Test", start: second.start };
    const refused = answers[codes.indexOf(409)].json().message;
    expect(refused).toMatch(/^Your chat is already booked for /);
    expect(refused).toContain(` by ${won.by}.`);
    const invitation = await t.as(ada).get(`/api/matches/${pair.id}/invitation`);
    expect(invitation.json().invitation).toEqual({ start: won.start, sequence: 0 });
    // With the server's time, by which the page decides whether the booked time has come.
    expect(invitation.json().now).toBe(clock.now().toISOString());
    await Promise.all([ada.email, bob.email].map((email) => invitationTo(email, 0)));
  });

  it("refuses a move that does not name the booking it replaces, or names an older one", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first, second, third] = await getTimes(ada, pair.id);
    expect((await book(ada, pair.id, first.start)).statusCode).toBe(200);
    const unsaid = await book(bob, pair.id, second.start);
    expect(unsaid.statusCode).toBe(409);
    // Bob reads it in New York time, with who booked it.
    expect(unsaid.json().message).toBe(
      `Your chat is already booked for ${bookingTimeLabel(first.start, "America/New_York")} Eastern Time (America/New York) by Ada Test. Reload to see it, and choose Move to change it.`,
    );
    const mine = await book(ada, pair.id, second.start);
    expect(mine.json().message).toContain(" by you.");
    expect((await book(bob, pair.id, second.start, first.start)).statusCode).toBe(200);
    expect((await book(ada, pair.id, third.start, first.start)).statusCode).toBe(409);
    const invitation = await t.as(ada).get(`/api/matches/${pair.id}/invitation`);
    expect(invitation.json().invitation).toEqual({ start: second.start, sequence: 1 });
  });

  it("refuses a time that does not fit everyone, with a message to act on", async () => {
    const { ada, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const day = first.start.slice(0, 10);
    const refusals = [
      `${day}T03:00:00Z`, // night in Berlin and in New York
      `${day}T08:00:00Z`, // Berlin's morning, New York's night
      new Date(new Date(first.start).getTime() + 10 * 60_000).toISOString(), // off the half hour
      "2027-04-20T15:00:00Z", // beyond the next ten working days
    ];
    // A start that has passed is refused with its own message (the POST /api/book-time test).
    for (const start of refusals) {
      const res = await book(ada, pair.id, start);
      expect(res.statusCode, start).toBe(409);
      expect(res.json().message).toBe(BOOKING_DOES_NOT_FIT);
    }
    expect((await t.as(ada).get(`/api/matches/${pair.id}/invitation`)).json().invitation).toBe(
      null,
    );
    const bad = await book(ada, pair.id, "next tuesday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date and time/);
  });

  it("answers 404 outside the match and 409 once the pairing is completed", async () => {
    const { ada, pair, pairing } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const stranger = await createUser(t.db);
    expect((await book(stranger, pair.id, first.start)).statusCode).toBe(404);
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const late = await book(ada, pair.id, first.start);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "The March 2027 pairing is completed, so its chat can no longer be scheduled.",
    );
  });
});

describe("POST /api/matches/{id}/times/refused", () => {
  it("answers three new times away from the refused ones, for everyone in the match, and no longer books them", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const shown = await getTimes(ada, pair.id);
    const res = await t
      .as(ada)
      .post(`/api/matches/${pair.id}/times/refused`, { starts: shown.map((time) => time.start) });
    expect(res.statusCode).toBe(200);
    const fresh: ProposedTime[] = res.json().times;
    expect(fresh).toHaveLength(3);
    const hour = 3_600_000;
    for (const time of fresh) {
      for (const refused of shown) {
        const apart = Math.abs(new Date(time.start).getTime() - new Date(refused.start).getTime());
        expect(apart).toBeGreaterThan(hour);
      }
    }
    expect(await getTimes(bob, pair.id)).toEqual(fresh);
    expect((await book(bob, pair.id, shown[0].start)).statusCode).toBe(409);
  });

  it("answers 400 without a time and 404 outside the match", async () => {
    const { ada, pair } = await berlinAndNewYork();
    const empty = await t.as(ada).post(`/api/matches/${pair.id}/times/refused`, { starts: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/at least one time/);
    const stranger = await createUser(t.db);
    const res = await t
      .as(stranger)
      .post(`/api/matches/${pair.id}/times/refused`, { starts: ["2027-03-16T15:00:00Z"] });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/book-time (the booking page of an e-mail's proposed time)", () => {
  const linkOf = async (userId: string, matchId: number, start: string) => {
    const url = new URL(
      bookingLinkUrl(t.ctx, await getAuthSecret(t.ctx), {
        userId,
        matchId,
        start: new Date(start),
      }),
    );
    expect(url.pathname).toBe("/book-time");
    return { token: url.searchParams.get("token") ?? "", start: url.searchParams.get("start") };
  };

  it("books for the person the signed link names, without a sign-in", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const link = await linkOf(bob.id, pair.id, first.start);
    expect((await t.as(ada).get(`/api/matches/${pair.id}/invitation`)).json().invitation).toBe(
      null,
    );

    const res = await t.post("/api/book-time", link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invitation: { start: first.start, sequence: 0 }, sent: 2 });
    expect(calendarOf(await invitationTo(ada.email, 0)).start).toBe(first.start);
  });

  it("tells the link what is booked and by whom, and moves only when the request says so", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first, second] = await getTimes(ada, pair.id);
    const link = await linkOf(bob.id, pair.id, second.start);
    const seen = async () => (await t.post("/api/book-time/booked", { token: link.token })).json();
    expect(await seen()).toEqual({ booked: null });
    expect((await book(ada, pair.id, first.start)).statusCode).toBe(200);
    expect(await seen()).toEqual({
      booked: { start: first.start, bookedBy: "Ada Test", byYou: false },
    });

    const unsaid = await t.post("/api/book-time", link);
    expect(unsaid.statusCode).toBe(409);
    expect(unsaid.json().message).toMatch(/^Your chat is already booked for .* by Ada Test\./);
    const moved = await t.post("/api/book-time", { ...link, replaces: first.start });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ invitation: { start: second.start, sequence: 1 } });
    expect(await seen()).toEqual({
      booked: { start: second.start, bookedBy: "Bob Test", byYou: true },
    });
    const forged = await t.post("/api/book-time/booked", { token: `${link.token}x` });
    expect(forged.statusCode).toBe(400);
  });

  it("refuses a start that has passed by the server's clock, however the time is booked", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const link = await linkOf(bob.id, pair.id, first.start);
    // An hour after the proposed time, the page and the e-mail still offer it.
    clock.set(new Date(new Date(first.start).getTime() + 3_600_000));
    try {
      // The dialog's day and time: yesterday at 10:00 in New York, and the time just passed.
      const yesterday = new Date(new Date(first.start).getTime() - 86_400_000);
      yesterday.setUTCHours(15, 0, 0, 0);
      for (const refused of [
        await t.as(ada).put(`/api/matches/${pair.id}/invitation`, { start: yesterday }),
        await t.as(ada).put(`/api/matches/${pair.id}/invitation`, { start: first.start }),
        await book(ada, pair.id, first.start),
        await t.post("/api/book-time", link),
      ]) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(CHAT_START_PASSED);
      }
      const invitation = await t.as(bob).get(`/api/matches/${pair.id}/invitation`);
      expect(invitation.json().invitation).toBe(null);
    } finally {
      clock.set(MID_MARCH);
    }
  });

  it("answers 400 to a forged or altered link and 410 once it expired", async () => {
    const { ada, bob, pair } = await berlinAndNewYork();
    const [first] = await getTimes(ada, pair.id);
    const link = await linkOf(bob.id, pair.id, first.start);
    const altered = link.token.replace(`.${pair.id}.`, `.${pair.id + 1}.`);
    const forged = await t.post("/api/book-time", { ...link, token: altered });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^This booking link is not valid/);
    clock.set(new Date(MID_MARCH.getTime() + 46 * 86_400_000));
    const late = await t.post("/api/book-time", link);
    expect(late.statusCode).toBe(410);
    clock.set(MID_MARCH);
  });
});
