import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { matchCalendarEvents, outgoingMessages } from "../../db/schema";
import {
  createAdmin,
  createMatch,
  createNewsletter,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";
import { markPairingAnnounced } from "./mark-announced";

let t: TestApp;
let admin: Requests;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock("2027-03-10T09:00:00Z") });
  admin = t.as(await createAdmin(t.db, { email: "boss@impact-pairing.test" }));
});
afterAll(() => t.close());

const people = (prefix: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      createUser(t.db, { email: `${prefix}${i}@impact-pairing.test` }),
    ),
  );

describe("the confirmation before deleting a running pairing", () => {
  it("says how many matches and people it touches, and whether they were told by e-mail", async () => {
    const pairing = await createPairing(t.db, { announcedAt: null });
    const [a, b, c, d, e] = await people("p", 5);
    await createMatch(t.db, { members: [a, b], pairing });
    await createMatch(t.db, { members: [c, d, e], pairing });
    const url = `/api/admin/pairings/${pairing.id}/impact`;
    const before = await admin.get(url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      matches: 2,
      people: 5,
      told: false,
      unanswered: 2,
      bookedAhead: 0,
    });

    // A draft naming the pairing told nobody; the send that began its newsletter (or
    // announcement) marked it told, as the deletion reads it (delete-pairing.ts).
    const file = `current-pairing-${pairing.id}`;
    await createNewsletter(t.db, { pairingFile: file, status: "draft" });
    expect((await admin.get(url)).json().told).toBe(false);
    await t.db.transaction((tx) => markPairingAnnounced(tx, file, t.ctx.clock.now()));
    expect((await admin.get(url)).json()).toMatchObject({ matches: 2, people: 5, told: true });
  });

  it("answers 404 for a missing pairing, 409 for a completed one, and only to admins", async () => {
    expect((await admin.get("/api/admin/pairings/999999/impact")).statusCode).toBe(404);
    const done = await createPairing(t.db, { status: "completed", month: "2027-01" });
    const completed = await admin.get(`/api/admin/pairings/${done.id}/impact`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toContain("cannot be deleted");
    const [someone] = await people("emp", 1);
    expect((await t.as(someone).get(`/api/admin/pairings/${done.id}/impact`)).statusCode).toBe(403);
    expect((await t.get(`/api/admin/pairings/${done.id}/impact`)).statusCode).toBe(401);
  });
});

describe("the confirmation before completing a running pairing", () => {
  it("counts the unanswered matches completing turns into chats, and the bookings it keeps", async () => {
    const pairing = await createPairing(t.db, { month: "2027-02", announcedAt: null });
    const [a, b, c, d, e, f, g, h, i, j] = await people("c", 10);
    const silent = await createMatch(t.db, { members: [a, b], pairing });
    await createMatch(t.db, { members: [c, d], pairing, answers: ["skip"] });
    await createMatch(t.db, { members: [e, f], pairing, answers: ["skip", "not_yet"] });
    const met = await createMatch(t.db, { members: [g, h], pairing, answers: [null, "met"] });
    const pastBooking = await createMatch(t.db, { members: [i, j], pairing });
    // The clock reads Wed, Mar 10 2027: a chat booked for Tue, Mar 16, one held on Mar 3.
    const book = (matchId: number, start: string, cancelledAt: Date | null = null) =>
      t.db.insert(matchCalendarEvents).values({
        matchId,
        startsAt: new Date(start),
        recipientIds: [],
        cancelledAt,
        updatedAt: t.ctx.clock.now(),
      });
    await book(silent.id, "2027-03-16T14:00:00Z");
    await book(pastBooking.id, "2027-03-03T14:00:00Z");
    await book(met.id, "2027-03-17T14:00:00Z", t.ctx.clock.now());

    const impact = await admin.get(`/api/admin/pairings/${pairing.id}/impact`);
    // Nobody answered, or only one of two said Missed: completing counts both as chats, as it
    // does the unanswered match with a booking already past; everyone Missed or a Met does not
    // change. A cancelled event is no booking.
    expect(impact.json()).toMatchObject({ matches: 5, unanswered: 3, bookedAhead: 1 });

    const happened = async () => (await admin.get("/api/admin/stats")).json().chatsHappened;
    const before = await happened();
    const done = await admin.post(`/api/admin/complete-pairing/${pairing.id}`);
    expect(done.statusCode).toBe(200);
    expect(await happened()).toBe(before + 3);
    const record = await admin.get(`/completed_pairings/${done.json().completed[0].fileName}`);
    expect(record.json().chats_happened).toBe(4);

    // The booking still to come stays: not cancelled, no e-mail, and the members' history shows it.
    const [event] = await t.db
      .select()
      .from(matchCalendarEvents)
      .where(eq(matchCalendarEvents.matchId, silent.id));
    expect(event.cancelledAt).toBeNull();
    const mail = await t.db
      .select({ kind: outgoingMessages.kind })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "match-change"));
    expect(mail).toEqual([]);
    for (const member of [a, b]) {
      const history = (await t.as(member).get("/api/matches/history")).json();
      expect(history).toEqual([
        expect.objectContaining({ booking: { start: "2027-03-16T14:00:00.000Z" } }),
      ]);
    }
    const [withoutBooking] = (await t.as(c).get("/api/matches/history")).json();
    expect(withoutBooking.booking).toBeNull();
  });
});
