import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_START_OUT_OF_RANGE, CHAT_START_PASSED } from "../../shared/calendar";
import { fixedClock } from "../clock";
import { pairings, settings } from "../db/schema";
import { TIME_ZONE_KEY } from "../settings/time-zone";
import { createAdmin, createRunningCompany } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";
import { buildInvitation } from "./calendar-invitation";

// The match's one calendar event (docs/matches.md, "The calendar invitation"), read back with an
// independent iCalendar parser (ical.js, docs/decisions/0050-ical-parser.md) from the e-mails a
// real SMTP peer received and from the members' downloads.

const MID_MARCH = new Date("2027-03-10T09:00:00Z");
const FIRST = "2027-03-15T09:00:00.000Z";
const MOVED = "2027-03-16T13:30:00.000Z";
const clock = fixedClock(MID_MARCH);
let peer: SmtpPeer;
let t: TestApp;
let boss: { id: string };

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  boss = await createAdmin(t.db, { email: "boss@cal.test", participationStatus: "opted_out" });
});

interface Attendee {
  email: string;
  cn: string;
  partstat: string;
  rsvp: string;
  role: string;
}

interface ParsedEvent {
  method: string;
  uid: string;
  sequence: number;
  stamp: number;
  start: string;
  end: string;
  status: string | null;
  summary: string;
  organizer: { email: string; cn: string };
  attendees: Attendee[];
}

const address = (value: string) => value.replace(/^mailto:/i, "");

/** One iCalendar object as ical.js reads it: its METHOD and its one VEVENT. */
function parseEvent(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const vevent = events[0];
  const event = new ICAL.Event(vevent);
  const organizer = vevent.getFirstProperty("organizer");
  if (!organizer) throw new Error("no ORGANIZER");
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    stamp: (vevent.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().getTime(),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: (vevent.getFirstPropertyValue("status") as string | null) ?? null,
    summary: event.summary,
    organizer: {
      email: address(String(organizer.getFirstValue())),
      cn: String(organizer.getParameter("cn")),
    },
    attendees: event.attendees.map((a) => ({
      email: address(String(a.getFirstValue())),
      cn: String(a.getParameter("cn")),
      partstat: String(a.getParameter("partstat")),
      rsvp: String(a.getParameter("rsvp")),
      role: String(a.getParameter("role")),
    })),
  };
}

/** The text/calendar part of a received e-mail, with the `method=` of its Content-Type. */
function calendarPart(mail: ReceivedMail): { method: string; event: ParsedEvent } {
  const part = mail.parsed.attachments.find((a) => a.mimeType === "text/calendar");
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  const text =
    typeof part.content === "string" ? part.content : new TextDecoder().decode(part.content);
  return { method: String(part.method), event: parseEvent(text) };
}

/**
 * A calendar client's store keyed by UID, applying iTIP messages as RFC 5546 §2.1.5 orders them:
 * a higher SEQUENCE wins, an equal one the later DTSTAMP; a REQUEST replaces the event, a CANCEL
 * removes it; an older message changes nothing.
 */
function applyAll(messages: readonly ParsedEvent[]): Map<string, ParsedEvent> {
  const store = new Map<string, ParsedEvent>();
  const seen = new Map<string, ParsedEvent>();
  for (const message of messages) {
    const last = seen.get(message.uid);
    const newer =
      !last ||
      message.sequence > last.sequence ||
      (message.sequence === last.sequence && message.stamp >= last.stamp);
    if (!newer) continue;
    seen.set(message.uid, message);
    if (message.method === "CANCEL") store.delete(message.uid);
    else store.set(message.uid, message);
  }
  return store;
}

const received = (email: string) =>
  peer.messages.filter((m) => m.to.includes(email) && hasCalendar(m)).map(calendarPart);
const hasCalendar = (m: ReceivedMail) =>
  m.parsed.attachments.some((a) => a.mimeType === "text/calendar");
const waitForCalendar = (email: string, sequence: number, method = "REQUEST") =>
  peer.waitForMessage(
    (m) =>
      m.to.includes(email) &&
      hasCalendar(m) &&
      calendarPart(m).event.sequence === sequence &&
      calendarPart(m).method === method,
  );

const sendInvitation = (who: { id: string }, matchId: number, start: string, replaces?: string) =>
  t.as(who).put(`/api/matches/${matchId}/invitation`, { start, replaces });
const download = async (who: { id: string }, matchId: number) => {
  const res = await t.as(who).get(`/api/matches/${matchId}/calendar.ics`);
  expect(res.statusCode).toBe(200);
  return parseEvent(res.body);
};

async function company() {
  clock.set(MID_MARCH);
  return createRunningCompany(t.db, { name: "Cal" });
}

describe("the match's one calendar event", () => {
  it("is e-mailed to every member with a UID of the match, the app as organiser and everyone as attendee", async () => {
    const { person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const pair = await match(ada, bob);

    const res = await sendInvitation(ada, pair.id, "2027-03-15T10:00:00+01:00");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Invitation sent to everyone in your match.",
      invitation: { start: FIRST, sequence: 0 },
      sent: 2,
    });

    const toBob = await waitForCalendar(bob.email, 0);
    expect(toBob.subject).toBe("Invitation: Coffee chat: Ada Test & Bob Test");
    expect(toBob.text).toContain(
      "Your March 2027 coffee chat is on Monday, March 15 at 09:00 UTC, for 30 minutes.",
    );
    expect(toBob.text).toContain("Accept the attached invitation");
    const { method, event } = calendarPart(toBob);
    expect(method).toBe("REQUEST");
    const host = new URL(t.config.appUrl).hostname;
    expect(event).toMatchObject({
      method: "REQUEST",
      uid: `coffee-chat-match-${pair.id}@${host}`,
      sequence: 0,
      start: FIRST,
      end: "2027-03-15T09:30:00.000Z",
      status: "CONFIRMED",
      summary: "Coffee chat: Ada Test & Bob Test",
      // A replyable address, never the no-reply sender: no contact set, so the first admin's.
      organizer: {
        email: "boss@cal.test",
        cn: "Cup of Joe, on behalf of your coffee chat match",
      },
    });
    // No answer is asked for: the time is changed on the page, not by replies.
    const invited = { partstat: "NEEDS-ACTION", rsvp: "FALSE", role: "REQ-PARTICIPANT" };
    expect(event.attendees).toEqual([
      { email: ada.email, cn: "Ada Test", ...invited },
      { email: bob.email, cn: "Bob Test", ...invited },
    ]);
    // The organiser is not an attendee: nobody answers to themselves.
    expect(event.attendees.map((a) => a.email)).not.toContain(event.organizer.email);
    const toAda = calendarPart(await waitForCalendar(ada.email, 0)).event;
    expect({ ...toAda, stamp: 0 }).toEqual({ ...event, stamp: 0 });
  });

  it("states the time in each reader's own zone, named, the company's for one without", async () => {
    await t.db
      .insert(settings)
      .values({ key: TIME_ZONE_KEY, value: "Europe/Berlin" })
      .onConflictDoUpdate({ target: settings.key, set: { value: "Europe/Berlin" } });
    try {
      const { person, match } = await company();
      const nia = await person("Nia", { timeZone: "America/New_York" });
      const kei = await person("Kei", { timeZone: "Asia/Tokyo" });
      const ben = await person("Ben", { timeZone: null });
      const trio = await match(nia, kei, ben);
      expect((await sendInvitation(nia, trio.id, "2027-03-16T00:00:00Z")).statusCode).toBe(200);

      const lines = {
        [nia.email]: "on Monday, March 15 at 20:00 Eastern Time (America/New York)",
        [kei.email]: "on Tuesday, March 16 at 09:00 Japan Standard Time (Asia/Tokyo)",
        [ben.email]: "on Tuesday, March 16 at 01:00 Central European Time (Europe/Berlin)",
      };
      for (const [email, line] of Object.entries(lines)) {
        const mail = await waitForCalendar(email, 0);
        expect(mail.text).toContain(`coffee chat is ${line}, for 30 minutes.`);
      }
    } finally {
      await t.db.delete(settings).where(eq(settings.key, TIME_ZONE_KEY));
    }
  });

  it("downloads as the same event for every member", async () => {
    const { person, match } = await company();
    const [ada, bob, cy] = [await person("Ada"), await person("Bob"), await person("Cy")];
    const trio = await match(ada, bob, cy);
    const before = await t.as(bob).get(`/api/matches/${trio.id}/calendar.ics`);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(
      "Nobody has sent an invitation for this chat yet: pick a time first.",
    );
    await sendInvitation(cy, trio.id, FIRST);

    const files = [await download(ada, trio.id), await download(bob, trio.id)];
    clock.advance(60_000);
    files.push(await download(cy, trio.id));
    const [first, ...others] = files.map(({ stamp, ...rest }) => rest);
    for (const other of others) expect(other).toEqual(first);
    expect(first.organizer.email).toBe("boss@cal.test");
    expect(first.attendees.map((a) => a.email)).toEqual([ada.email, bob.email, cy.email]);
    expect((await t.as(bob).get(`/api/matches/${trio.id}/invitation`)).json()).toEqual({
      invitation: { start: FIRST, sequence: 0 },
      now: clock.now().toISOString(),
    });
    const stranger = await person("Eve");
    expect((await t.as(stranger).get(`/api/matches/${trio.id}/calendar.ics`)).statusCode).toBe(404);
    expect((await sendInvitation(stranger, trio.id, FIRST)).statusCode).toBe(404);
  });

  it("names the company's contact address as organiser once one is set, in a file ical.js reads", async () => {
    const { person, match } = await company();
    const [ann, ben] = [await person("Ann"), await person("Ben")];
    const pair = await match(ann, ben);
    const saved = await t.as(boss).put("/api/admin/company", {
      name: "Cal",
      showPublicFigures: false,
      contactEmail: "people@cal.test",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await sendInvitation(ann, pair.id, FIRST);
      const { event } = calendarPart(await waitForCalendar(ben.email, 0));
      expect(event.organizer.email).toBe("people@cal.test");
      expect(event.organizer.email).not.toBe("no-reply@cupofjoe.local");
      expect(event.attendees.map((a) => a.rsvp)).toEqual(["FALSE", "FALSE"]);
      expect((await download(ann, pair.id)).organizer.email).toBe("people@cal.test");
    } finally {
      await t.as(boss).put("/api/admin/company", {
        name: "Cal",
        showPublicFigures: false,
        contactEmail: "",
      });
    }
  });

  it("moves on a reschedule: same UID, SEQUENCE one higher, and calendars keep one event", async () => {
    const { person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const pair = await match(ada, bob);
    await sendInvitation(ada, pair.id, FIRST);
    const again = await sendInvitation(bob, pair.id, FIRST);
    expect(again.json()).toMatchObject({ sent: 0, invitation: { sequence: 0 } });
    // A move that does not name the booking it replaces is refused, with who booked it.
    const unsaid = await sendInvitation(bob, pair.id, MOVED);
    expect(unsaid.statusCode).toBe(409);
    expect(unsaid.json().message).toBe(
      "Your chat is already booked for Mon, Mar 15, 09:00 UTC by Ada Test. Reload to see it, and choose Move to change it.",
    );
    const stale = await sendInvitation(bob, pair.id, MOVED, "2027-03-15T10:00:00Z");
    expect(stale.statusCode).toBe(409);
    const moved = await sendInvitation(bob, pair.id, MOVED, FIRST);
    expect(moved.json()).toMatchObject({ sent: 2, invitation: { start: MOVED, sequence: 1 } });

    const update = await waitForCalendar(ada.email, 1);
    expect(update.subject).toBe("Updated invitation: Coffee chat: Ada Test & Bob Test");
    // The outbox sends in parallel, so the first invitation may arrive after the update.
    await waitForCalendar(ada.email, 0);
    const messages = received(ada.email).map((r) => r.event);
    expect(messages.map((m) => m.sequence).sort()).toEqual([0, 1]);
    expect(new Set(messages.map((m) => m.uid)).size).toBe(1);
    // In the order sent, and the other way round (mail can arrive late): one event, the new time.
    for (const order of [messages, [...messages].reverse()]) {
      const store = applyAll(order);
      expect([...store.values()].map((e) => [e.start, e.sequence])).toEqual([[MOVED, 1]]);
    }
    // A download after the move carries the new SEQUENCE, so it replaces too.
    const file = await download(ada, pair.id);
    expect(file).toMatchObject({ uid: messages[0].uid, sequence: 1, start: MOVED });
    expect(applyAll([...messages, file]).size).toBe(1);
  });

  it("refuses a time out of range and a completed month", async () => {
    const { person, match, pairing } = await company();
    const ada = await person("Ada");
    const pair = await match(ada, await person("Bob"));
    const past = await sendInvitation(ada, pair.id, "2027-03-01T09:00:00Z");
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(CHAT_START_PASSED);
    const farAhead = await sendInvitation(ada, pair.id, "2029-03-01T09:00:00Z");
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json().message).toBe(CHAT_START_OUT_OF_RANGE);
    const garbled = await sendInvitation(ada, pair.id, "tomorrow");
    expect(garbled.statusCode).toBe(400);
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const closed = await sendInvitation(ada, pair.id, FIRST);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      "The March 2027 pairing is completed, so its chat can no longer be scheduled.",
    );
  });
});

describe("when the match changes", () => {
  it("cancels the event for the partner reported away and for the re-paired reporter", async () => {
    const { person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    await person("Sam");
    const pair = await match(ada, bob);
    await sendInvitation(ada, pair.id, FIRST);
    await waitForCalendar(bob.email, 0);

    const res = await t.as(ada).post(`/api/matches/${pair.id}/partner-away`, {});
    expect(res.json()).toMatchObject({ outcome: "pair" });
    // Bob left: his "We heard you're away" e-mail carries the cancellation of the whole event.
    const toBob = await waitForCalendar(bob.email, 1, "CANCEL");
    expect(toBob.subject).toBe("We heard you're away in March 2027");
    const cancel = calendarPart(toBob).event;
    expect(cancel).toMatchObject({
      method: "CANCEL",
      uid: `coffee-chat-match-${pair.id}@${new URL(t.config.appUrl).hostname}`,
      sequence: 1,
      status: "CANCELLED",
    });
    expect(cancel.attendees.map((a) => a.email)).toEqual([ada.email, bob.email]);
    expect(applyAll(received(bob.email).map((r) => r.event)).size).toBe(0);
    // Ada's pair ended too (she meets Sam now, a match of its own): her re-pair e-mail cancels it.
    const toAda = await waitForCalendar(ada.email, 1, "CANCEL");
    expect(toAda.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    expect(applyAll(received(ada.email).map((r) => r.event)).size).toBe(0);
    expect((await t.as(ada).get(`/api/matches/${pair.id}/invitation`)).statusCode).toBe(404);
  });

  it("uninvites the one who left a trio and updates the event for those who stay", async () => {
    const { person, match } = await company();
    const [ada, bob, cy] = [await person("Ada"), await person("Bob"), await person("Cy")];
    const trio = await match(ada, bob, cy);
    await sendInvitation(bob, trio.id, FIRST);
    await waitForCalendar(cy.email, 0);

    await t.as(ada).post(`/api/matches/${trio.id}/partner-away`, { partnerId: cy.id });
    const toCy = calendarPart(await waitForCalendar(cy.email, 1, "CANCEL")).event;
    // Uninvited alone (RFC 5546 §3.2.5): the CANCEL names only Cy and leaves STATUS out.
    expect(toCy.attendees.map((a) => a.email)).toEqual([cy.email]);
    expect(toCy.status).toBeNull();
    expect(applyAll(received(cy.email).map((r) => r.event)).size).toBe(0);

    for (const stays of [ada, bob]) {
      const update = await waitForCalendar(stays.email, 1);
      expect(update.subject).toBe("Updated invitation: Coffee chat: Ada Test & Bob Test");
      const store = applyAll(received(stays.email).map((r) => r.event));
      expect([...store.values()]).toHaveLength(1);
      const [event] = store.values();
      expect(event).toMatchObject({ uid: toCy.uid, sequence: 1, start: FIRST });
      expect(event.attendees.map((a) => a.email)).toEqual([ada.email, bob.email]);
    }
    expect((await download(bob, trio.id)).attendees.map((a) => a.email)).toEqual([
      ada.email,
      bob.email,
    ]);
  });

  it("updates the event for those who stay when a member's account is erased", async () => {
    const { person, match } = await company();
    const [ada, bob, cy] = [await person("Ada"), await person("Bob"), await person("Cy")];
    const trio = await match(ada, bob, cy);
    await sendInvitation(ada, trio.id, FIRST);
    await waitForCalendar(cy.email, 0);

    const erased = await t
      .as(boss)
      .post(`/api/admin/users/${cy.id}/erase`, { confirmEmail: cy.email });
    expect(erased.statusCode).toBe(200);
    for (const stays of [ada, bob]) {
      const update = calendarPart(await waitForCalendar(stays.email, 1)).event;
      expect(update.attendees.map((a) => a.email)).toEqual([ada.email, bob.email]);
      expect(update.summary).toBe("Coffee chat: Ada Test & Bob Test");
    }
    // The app writes to nobody whose account is gone: Cy gets no cancellation.
    expect(peer.messages.filter((m) => m.to.includes(cy.email)).map((m) => m.subject)).toEqual([
      "Invitation: Coffee chat: Ada Test & Bob Test & Cy Test",
    ]);
  });

  it("cancels the whole event for everyone when an admin deletes the pairing", async () => {
    const { person, match, pairing } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const pair = await match(ada, bob);
    await sendInvitation(ada, pair.id, FIRST);
    await waitForCalendar(ada.email, 0);

    expect((await t.as(boss).delete(`/api/admin/pairings/${pairing.id}`)).statusCode).toBe(200);
    for (const member of [ada, bob]) {
      const cancel = calendarPart(await waitForCalendar(member.email, 1, "CANCEL")).event;
      expect(cancel.status).toBe("CANCELLED");
      expect(applyAll(received(member.email).map((r) => r.event)).size).toBe(0);
    }
  });
});

describe("the iCalendar text", () => {
  it("folds long lines and escapes text so a parser reads back what was written", () => {
    const text = buildInvitation({
      method: "REQUEST",
      uid: "coffee-chat-match-1@example.test",
      sequence: 3,
      stamp: MID_MARCH,
      start: new Date(FIRST),
      end: new Date("2027-03-15T09:30:00Z"),
      title: 'Coffee chat: Zoë, Renée; "Ünal" & a very long name that certainly needs folding',
      description: "Line one\nline two, with a comma",
      organizer: { name: "Cup of Joe", email: "no-reply@example.test" },
      attendees: [{ name: 'Zoë "Z" Ångström', email: "zoe@example.test" }],
    });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = parseEvent(text);
    expect(event.summary).toBe(
      'Coffee chat: Zoë, Renée; "Ünal" & a very long name that certainly needs folding',
    );
    expect(event).toMatchObject({ sequence: 3, method: "REQUEST" });
    expect(event.attendees[0].cn).toBe("Zoë Z Ångström");
  });
});
