import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { neverWith } from "../db/schema";
import { togetherLine } from "../mail/together-line";
import { createMatch, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("GET /api/matches/current: how the match meets and what they share", () => {
  it("says it in the intro e-mail's words, and nothing the partner did not share", async () => {
    const me = await createUser(t.db, {
      meetWay: "in-person",
      office: "Berlin",
      interests: ["climbing", "tea"],
    });
    const partner = await createUser(t.db, {
      meetWay: "either",
      office: "Berlin",
      interests: ["chess", "climbing"],
    });
    const avoided = await createUser(t.db, { firstName: "Avoided" });
    await t.db
      .insert(neverWith)
      .values({ userId: partner.id, otherId: avoided.id, addedAt: clock.now() });
    await createMatch(t.db, { members: [partner, me] });

    const res = await t.as(me).get("/api/matches/current");
    expect(res.statusCode).toBe(200);
    expect(res.json().together).toEqual({
      meeting: "In person at the Berlin office",
      shared: "You both like climbing.",
    });
    // The e-mail says the same from the same function.
    expect(await togetherLine({ db: t.db }, [me.id, partner.id], true)).toBe(
      "You meet in person at the Berlin office. You both like climbing.",
    );
    // Not the partner's other interests, nor whom they never meet.
    expect(res.body).not.toContain("chess");
    expect(res.body).not.toContain(avoided.id);
    expect(res.body).not.toContain("Avoided");
  });

  it("in a group names what all share and what the reader shares with one member", async () => {
    const person = (firstName: string, meetWay: "either" | "online", interests: string[]) =>
      createUser(t.db, { firstName, meetWay, office: "Lisbon", interests });
    const ann = await person("Ann", "either", ["tea", "chess"]);
    const bo = await person("Bo", "online", ["tea", "chess", "jazz"]);
    const cy = await person("Cy", "either", ["tea", "jazz"]);
    await createMatch(t.db, { members: [bo, cy, ann] });

    const body = (await t.as(ann).get("/api/matches/current")).json();
    expect(body.together).toEqual({
      meeting: "Online",
      shared: "You all like tea. You and Bo both like chess.",
    });
    // What Bo and Cy share without Ann is theirs.
    expect(JSON.stringify(body)).not.toContain("jazz");
  });

  it("says nothing when nobody stated a way to meet and nothing is shared", async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    await createMatch(t.db, { members: [a, b] });
    const body = (await t.as(a).get("/api/matches/current")).json();
    expect(body.together).toEqual({ meeting: null, shared: null });
    const none = (await t.as(await createUser(t.db)).get("/api/matches/current")).json();
    expect(none.together).toBeNull();
  });
});
