import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matches, settings } from "../db/schema";
import { membersOfMatches } from "../match-members/match-members";
import { createDepartment, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
const answersOf = async (matchId: number) =>
  (await membersOfMatches(t.db, [matchId])).get(matchId) ?? [];
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("GET /api/matches/current", () => {
  it("answers 401 to a visitor who is not signed in", async () => {
    const res = await t.get("/api/matches/current");
    expect(res.statusCode).toBe(401);
  });

  it("answers no match (200) when the user has none", async () => {
    const loner = await createUser(t.db);
    const res = await t.as(loner).get("/api/matches/current");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ match: null, partner: null });
  });

  it("shows the partner's explicit fields and never their secrets", async () => {
    await createDepartment(t.db, { name: "sales", displayName: "Sales Team" });
    const me = await createUser(t.db);
    const partner = await createUser(t.db, {
      firstName: "Grace",
      department: "sales",
      bio: "Espresso fan",
      password: "correct horse battery staple",
    });
    const match = await createMatch(t.db, { members: [partner, me] });
    const res = await t.as(me).get("/api/matches/current");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.match.id).toBe(match.id);
    expect(body.myConnectionStatus).toBe("pending");
    expect(body.partner).toEqual({
      id: partner.id,
      profileImageUrl: null,
      firstName: "Grace",
      lastName: partner.lastName,
      department: "sales",
      departmentDisplayName: "Sales Team",
      email: partner.email,
      bio: "Espresso fan",
    });
    expect(body.partners).toHaveLength(1);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it("shows both partners of a trio", async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    await createMatch(t.db, { members: [a, b, c] });
    const body = (await t.as(c).get("/api/matches/current")).json();
    expect(body.partners.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.partner.id).toBe(a.id);
  });

  it("shows every partner of a match of four, their answers, and keeps the user1-3 fields", async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await createUser(t.db));
    const [a, b, c, d] = people;
    const match = await createMatch(t.db, {
      members: people,
      answers: [null, null, null, "met"],
    });
    const body = (await t.as(b).get("/api/matches/current")).json();
    expect(body.partners.map((p: { id: string }) => p.id)).toEqual([a.id, c.id, d.id]);
    expect(body.partner.id).toBe(a.id);
    expect(body.match.members.map((m: { userId: string }) => m.userId)).toEqual(
      people.map((p) => p.id),
    );
    expect(body.match).toMatchObject({ user1Id: a.id, user2Id: b.id, user3Id: c.id });
    expect(body.match.members[3].connectionStatus).toBe("confirmed");
    const answered = await t
      .as(d)
      .put(`/api/matches/${match.id}/connection-status`, { status: "not_confirmed" });
    expect(answered.json().myConnectionStatus).toBe("not_confirmed");
    expect(await answersOf(match.id)).toMatchObject([{}, {}, {}, { answer: "skip" }]);
    await t.as(a).put(`/api/matches/${match.id}/invitation`, { start: "2027-03-15T09:00:00Z" });
    const invitation = await t.as(d).get(`/api/matches/${match.id}/calendar.ics`);
    expect(invitation.body.match(/^ATTENDEE/gm)).toHaveLength(4);
  });

  it("picks the newest active match of an active pairing; completed pairings move to history", async () => {
    const me = await createUser(t.db);
    const old = await createMatch(t.db, {
      members: [me, await createUser(t.db)],
      pairing: await createPairing(t.db, { month: "2027-02", status: "completed" }),
      matchDate: new Date("2027-02-02T00:00:00Z"),
    });
    const current = await createMatch(t.db, {
      members: [me, await createUser(t.db)],
      matchDate: new Date("2027-03-01T00:00:00Z"),
    });
    expect((await t.as(me).get("/api/matches/current")).json().match.id).toBe(current.id);
    const history = (await t.as(me).get("/api/matches/history")).json();
    expect(history.map((h: { match: { id: number } }) => h.match.id)).toEqual([old.id]);
  });
});

describe("GET /api/matches/history", () => {
  it("lists past matches newest first, without the current one", async () => {
    const me = await createUser(t.db);
    const months = ["2026-12", "2027-01", "2027-02"];
    const past = [];
    for (const month of months) {
      past.push(
        await createMatch(t.db, {
          members: [me, await createUser(t.db)],
          pairing: await createPairing(t.db, { month, status: "completed" }),
          matchDate: new Date(`${month}-03T00:00:00Z`),
          status: month === "2027-01" ? "completed" : "active",
        }),
      );
    }
    await createMatch(t.db, { members: [await createUser(t.db), me] });
    const res = await t.as(me).get("/api/matches/history");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((h: { match: { month: string } }) => h.match.month)).toEqual([
      "2027-02",
      "2027-01",
      "2026-12",
    ]);
    expect(body[1].match.status).toBe("completed");
  });

  it("is empty for a new user and refuses visitors", async () => {
    expect((await t.as(await createUser(t.db)).get("/api/matches/history")).json()).toEqual([]);
    expect((await t.get("/api/matches/history")).statusCode).toBe(401);
  });
});

describe("PUT /api/matches/:id/complete", () => {
  it("lets a member mark the match completed once, keeping the first completion time", async () => {
    const [me, partner] = [await createUser(t.db), await createUser(t.db)];
    const match = await createMatch(t.db, { members: [me, partner] });
    const first = await t.as(partner).put(`/api/matches/${match.id}/complete`);
    expect(first.statusCode).toBe(200);
    expect(first.json().match).toMatchObject({
      status: "completed",
      completedAt: "2027-03-10T09:00:00.000Z",
    });
    clock.advance(60_000);
    const again = await t.as(me).put(`/api/matches/${match.id}/complete`);
    expect(again.statusCode).toBe(200);
    expect(again.json().match.completedAt).toBe("2027-03-10T09:00:00.000Z");
    expect((await t.as(me).get("/api/matches/current")).json().match).toBeNull();
    const history = (await t.as(me).get("/api/matches/history")).json();
    expect(history[0].match).toMatchObject({ id: match.id, status: "completed" });
  });

  it("answers 404 to someone outside the match and leaves it untouched", async () => {
    const match = await createMatch(t.db, {
      members: [await createUser(t.db), await createUser(t.db)],
    });
    const res = await t.as(await createUser(t.db)).put(`/api/matches/${match.id}/complete`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Match not found");
    const [row] = await t.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row.status).toBe("active");
  });

  it("refuses visitors, unknown ids and ids that are not numbers", async () => {
    const me = await createUser(t.db);
    expect((await t.put("/api/matches/1/complete")).statusCode).toBe(401);
    expect((await t.as(me).put("/api/matches/999999/complete")).statusCode).toBe(404);
    const bad = await t.as(me).put("/api/matches/abc/complete");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("id");
  });
});

describe("PUT /api/matches/:matchId/connection-status", () => {
  it("changes only the caller's own side and stamps the time", async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const match = await createMatch(t.db, { members: [a, b, c] });
    const res = await t
      .as(b)
      .put(`/api/matches/${match.id}/connection-status`, { status: "confirmed" });
    expect(res.statusCode).toBe(200);
    expect(res.json().myConnectionStatus).toBe("confirmed");
    await t.as(c).put(`/api/matches/${match.id}/connection-status`, { status: "not_confirmed" });
    // Stored as the member's answer: "confirmed" is Met, "not_confirmed" Skip (docs/check-ins.md).
    const [first, second, third] = await answersOf(match.id);
    expect(first).toMatchObject({ answer: null, answeredAt: null });
    expect(second.answer).toBe("met");
    expect(third.answer).toBe("skip");
    expect(second.answeredAt?.toISOString()).toBe(clock.now().toISOString());
    expect((await t.as(a).get("/api/matches/current")).json().myConnectionStatus).toBe("pending");
  });

  it("refuses anyone outside the match with 404", async () => {
    const match = await createMatch(t.db, {
      members: [await createUser(t.db), await createUser(t.db)],
    });
    const res = await t
      .as(await createUser(t.db))
      .put(`/api/matches/${match.id}/connection-status`, {
        status: "confirmed",
      });
    expect(res.statusCode).toBe(404);
    const answers = (await answersOf(match.id)).map((m) => m.answer);
    expect(answers).toEqual([null, null]);
  });

  it.each([
    [{ status: "pending" }],
    [{ status: "met" }],
    [{}],
    [{ status: ["confirmed"] }],
  ])("refuses the body %j with 400", async (payload) => {
    const [me, partner] = [await createUser(t.db), await createUser(t.db)];
    const match = await createMatch(t.db, { members: [me, partner] });
    const res = await t.as(me).put(`/api/matches/${match.id}/connection-status`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Status must be confirmed or not_confirmed",
      field: "status",
    });
  });

  it("limits each user to 60 answers in 5 minutes without slowing colleagues down", async () => {
    const [me, partner] = [await createUser(t.db), await createUser(t.db)];
    const match = await createMatch(t.db, { members: [me, partner] });
    const send = (who: Requests) =>
      who.put(`/api/matches/${match.id}/connection-status`, { status: "confirmed" });
    const mine = t.as(me);
    for (let i = 0; i < 60; i++) expect((await send(mine)).statusCode).toBe(200);
    expect((await send(mine)).statusCode).toBe(429);
    expect((await send(t.as(partner))).statusCode).toBe(200);
  });

  it("refuses visitors with 401", async () => {
    const res = await t.put("/api/matches/1/connection-status", { status: "confirmed" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/next-pairing", () => {
  it("defaults to the first Monday of the next month", async () => {
    const res = await t.as(await createUser(t.db)).get("/api/next-pairing");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: "Monday, April 5, 2027",
      iso: "2027-04-05",
      away: null,
    });
  });

  it("follows the pairing_schedule setting", async () => {
    await t.db
      .insert(settings)
      .values({ key: "pairing_schedule", value: { type: "nth-weekday", nth: 3, weekday: 3 } });
    const res = await t.as(await createUser(t.db)).get("/api/next-pairing");
    expect(res.json()).toEqual({
      date: "Wednesday, March 17, 2027",
      iso: "2027-03-17",
      away: null,
    });
    await t.db.delete(settings).where(eq(settings.key, "pairing_schedule"));
  });

  it("refuses visitors", async () => {
    expect((await t.get("/api/next-pairing")).statusCode).toBe(401);
  });
});

describe("GET /api/matches/:id/calendar.ics", () => {
  const send = (who: { id: string }, matchId: number, start: string) =>
    t.as(who).put(`/api/matches/${matchId}/invitation`, { start });

  it("downloads the event sent to the match: the app as organiser, every member an attendee", async () => {
    const me = await createUser(t.db, { firstName: "Ada", lastName: "Lovelace, PhD" });
    const partner = await createUser(t.db, { firstName: 'Bob "B"', lastName: "Smith" });
    const match = await createMatch(t.db, { members: [me, partner] });
    expect((await send(partner, match.id, "2027-03-11T10:00:00Z")).statusCode).toBe(200);
    const res = await t.as(me).get(`/api/matches/${match.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="coffee-chat-2027-03.ics"',
    );
    const body = res.body;
    expect(body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(body).not.toMatch(/[^\r]\n/);
    const unfolded = body.replace(/\r\n /g, "");
    // No admin and no contact address here: MAIL_FROM's address is the last resort.
    expect(unfolded).toContain(
      'ORGANIZER;CN="Cup of Joe, on behalf of your coffee chat match":mailto:no-reply@cupofjoe.local',
    );
    expect(unfolded).toContain(`ATTENDEE;CN="Ada Lovelace, PhD";`);
    expect(unfolded).toContain(`:mailto:${partner.email}`);
    expect(unfolded).toContain('ATTENDEE;CN="Bob B Smith"');
    expect(unfolded).toContain('SUMMARY:Coffee chat: Ada Lovelace\\, PhD & Bob "B" Smith');
    expect(unfolded).toContain("DTSTART:20270311T100000Z");
    expect(unfolded).toContain("DTEND:20270311T103000Z");
    expect(unfolded).toContain(`UID:coffee-chat-match-${match.id}@127.0.0.1`);
    expect(unfolded).toContain("SEQUENCE:0");
  });

  it("answers 404 to someone outside the match, and before anyone sent an invitation", async () => {
    const me = await createUser(t.db);
    const match = await createMatch(t.db, { members: [me, await createUser(t.db)] });
    expect((await t.as(me).get(`/api/matches/${match.id}/calendar.ics`)).statusCode).toBe(404);
    await send(me, match.id, "2027-03-11T10:00:00Z");
    const res = await t.as(await createUser(t.db)).get(`/api/matches/${match.id}/calendar.ics`);
    expect(res.statusCode).toBe(404);
  });

  it("starts the event at the time the person chose, converted to UTC", async () => {
    const me = await createUser(t.db);
    const match = await createMatch(t.db, { members: [me, await createUser(t.db)] });
    const sent = await send(me, match.id, "2027-03-15T14:30:00+02:00");
    expect(sent.json().invitation).toEqual({ start: "2027-03-15T12:30:00.000Z", sequence: 0 });
    const res = await t.as(me).get(`/api/matches/${match.id}/calendar.ics`);
    const unfolded = res.body.replace(/\r\n /g, "");
    expect(unfolded).toContain("DTSTART:20270315T123000Z");
    expect(unfolded).toContain("DTEND:20270315T130000Z");
  });

  it("refuses a start that is not a date-time, or is in the past or over a year ahead", async () => {
    const me = await createUser(t.db);
    const match = await createMatch(t.db, { members: [me, await createUser(t.db)] });
    for (const start of [
      "tomorrow",
      "2027-03-15",
      "2027-02-01T10:00:00Z",
      "2028-06-01T10:00:00Z",
    ]) {
      const res = await send(me, match.id, start);
      expect(res.statusCode, start).toBe(400);
      expect(res.json().message, start).toMatch(
        /date and time|already passed|between today and a year/,
      );
    }
  });
});
