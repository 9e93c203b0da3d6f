import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchStats } from "../../shared/matches";
import { fixedClock } from "../clock";
import { createDepartment, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await createDepartment(t.db, { name: "four-sales", displayName: "Sales Team" });
});
afterAll(() => t.close());

/** Ann, Bea, Cal and Dan (Dan in Sales), with their own addresses. */
async function fourPeople() {
  const tag = ++n;
  const people = [];
  for (const firstName of ["Ann", "Bea", "Cal", "Dan"]) {
    people.push(
      await createUser(t.db, {
        firstName,
        lastName: `Four${tag}`,
        email: `${firstName.toLowerCase()}${tag}@four.test`,
        department: firstName === "Dan" ? "four-sales" : "engineering",
      }),
    );
  }
  return people;
}

type Partner = { id: string; firstName: string; email: string; departmentDisplayName: string };

describe("a member of a match of four", () => {
  it("sees the other three, in the match's order, with their details, as the current match", async () => {
    const [ann, bea, cal, dan] = await fourPeople();
    const match = await createMatch(t.db, { members: [ann, bea, cal, dan] });
    for (const [me, others] of [
      [ann, [bea, cal, dan]],
      [dan, [ann, bea, cal]],
    ] as const) {
      const body = (await t.as(me).get("/api/matches/current")).json();
      expect(body.match.id).toBe(match.id);
      expect(body.partners.map((p: Partner) => [p.id, p.email])).toEqual(
        others.map((o) => [o.id, o.email]),
      );
      expect(body.partner.id).toBe(others[0].id);
      expect(body.match.members).toHaveLength(4);
    }
    const seenByAnn = (await t.as(ann).get("/api/matches/current")).json();
    expect(seenByAnn.partners[2]).toMatchObject({
      firstName: "Dan",
      departmentDisplayName: "Sales Team",
    });
  });

  it("finds a past match of four in the history with all three partners and counts its chat once", async () => {
    const [ann, bea, cal, dan] = await fourPeople();
    const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
    const past = await createMatch(t.db, {
      members: [ann, bea, cal, dan],
      answers: [null, "met", null, "skip"],
      pairing: february,
    });
    for (const me of [ann, dan]) {
      const history = (await t.as(me).get("/api/matches/history")).json();
      expect(history.map((h: { match: { id: number } }) => h.match.id)).toEqual([past.id]);
      expect(history[0].partners.map((p: Partner) => p.firstName).sort()).toEqual(
        ["Ann", "Bea", "Cal", "Dan"].filter((name) => name !== me.firstName),
      );
      expect(history[0].pairingOpen).toBe(false);
      expect(matchStats(history)).toEqual({ totalMatches: 1, coffeeChats: 1, newConnections: 1 });
    }
    expect((await t.as(ann).get("/api/matches/history")).json()[0].myConnectionStatus).toBe(
      "pending",
    );
    expect((await t.as(dan).get("/api/matches/history")).json()[0].myConnectionStatus).toBe(
      "not_confirmed",
    );
  });

  it("records each member's answer on their own row only", async () => {
    const people = await fourPeople();
    const match = await createMatch(t.db, { members: people });
    const res = await t
      .as(people[2])
      .put(`/api/matches/${match.id}/connection-status`, { status: "confirmed" });
    expect(res.statusCode).toBe(200);
    expect(res.json().myConnectionStatus).toBe("confirmed");
    const seen = (await t.as(people[0]).get("/api/matches/current")).json();
    expect(seen.myConnectionStatus).toBe("pending");
    expect(seen.match.members.map((m: { connectionStatus: string }) => m.connectionStatus)).toEqual(
      ["pending", "pending", "confirmed", "pending"],
    );
  });

  it("downloads the calendar event with all four as attendees, the app as organiser", async () => {
    const [ann, bea, cal, dan] = await fourPeople();
    const match = await createMatch(t.db, { members: [ann, bea, cal, dan] });
    await t.as(ann).put(`/api/matches/${match.id}/invitation`, { start: "2027-03-15T09:00:00Z" });
    const res = await t.as(cal).get(`/api/matches/${match.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    const unfolded = res.body.replace(/\r\n /g, "");
    const attendees = unfolded.match(/^ATTENDEE;CN="([^"]+)";[^\r]*:mailto:(\S+)\r$/gm) ?? [];
    expect(attendees).toHaveLength(4);
    for (const person of [ann, bea, cal, dan]) {
      expect(unfolded).toContain(
        `ATTENDEE;CN="${person.firstName} ${person.lastName}";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${person.email}`,
      );
    }
    // No admin and no contact address here: MAIL_FROM's address is the last resort.
    expect(unfolded).toMatch(/^ORGANIZER;CN="Cup of Joe[^"]*":mailto:no-reply@cupofjoe\.local\r$/m);
    expect(unfolded).toContain(
      `SUMMARY:Coffee chat: Ann ${ann.lastName} & Bea ${bea.lastName} & Cal ${cal.lastName} & Dan ${dan.lastName}`,
    );
  });
});
