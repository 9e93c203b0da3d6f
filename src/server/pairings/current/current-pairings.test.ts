import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentPairingsResponse } from "../../../shared/pairings";
import { fixedClock } from "../../clock";
import {
  createAdmin,
  createDepartment,
  createGroupPairing,
  createMatch,
  createRunningCompany,
  pauseInPlace,
} from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

/**
 * Two running pairings of one group (March's newer than February's): 7 and 3 matches. In March,
 * Ben is in Sales and Ivy is paused while still in her match (`pauseInPlace`), leaving Ian alone. The seventh
 * March match is of namesakes (a second Ada and a second Cy, other addresses), since nobody is in
 * two running matches of a month (docs/rounds.md, "Invariants of a round").
 */
let t: TestApp;
let admin: Requests;
let acme: Awaited<ReturnType<typeof createRunningCompany>>;
let march: { id: number; month: string };
let february: { id: number; month: string };

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock("2027-03-10T09:00:00Z") });
  admin = t.as(await createAdmin(t.db, { email: "boss@hq.test" }));
  acme = await createRunningCompany(t.db, { name: "Acme", month: "2027-03", pairingName: "March" });
  await createDepartment(t.db, {
    name: "sales",
    displayName: "Sales Team",
    domainGroupId: acme.group.id,
  });
  february = await createGroupPairing(t.db, acme.group, { month: "2027-02", name: "February" });
  march = acme.pairing;
  const person = (first: string, department = "engineering", email = first.toLowerCase()) =>
    acme.person(first, { email: `${email}@${acme.domain}`, department });
  const names = ["Ada", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ian", "Ivy", "Jo", "Kim"];
  const people = new Map<string, { id: string }>();
  for (const name of names)
    people.set(name, await person(name, name === "Ben" ? "sales" : "engineering"));
  people.set("Ada 2", await person("Ada", "engineering", "ada.two"));
  people.set("Cy 2", await person("Cy", "engineering", "cy.two"));
  const pair = (a: string, b: string, pairing: { id: number; month: string }) =>
    createMatch(t.db, { members: [people.get(a), people.get(b)] as { id: string }[], pairing });
  for (const [a, b] of [
    ["Ada", "Ben"],
    ["Cy", "Di"],
    ["Ed", "Flo"],
    ["Gus", "Hal"],
    ["Ian", "Ivy"],
    ["Jo", "Kim"],
    ["Ada 2", "Cy 2"],
  ]) {
    await pair(a, b, march);
  }
  for (const [a, b] of [
    ["Ada", "Di"],
    ["Ben", "Ed"],
    ["Flo", "Gus"],
  ])
    await pair(a, b, february);
  await pauseInPlace(t.db, people.get("Ivy") as { id: string });
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

const page = async (query: string): Promise<CurrentPairingsResponse> => {
  const res = await admin.get(`/api/admin/current-pairings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (r: CurrentPairingsResponse) =>
  r.pairings.flatMap((p) =>
    r.matchesByPairing[String(p.id)].map((m) => m.members.map((u) => u.firstName).join("+")),
  );

describe("GET /api/admin/current-pairings", () => {
  it("pages the newest pairing's matches first, with every pairing's count and the total", async () => {
    const first = await page("?limit=4");
    expect(first.pairings.map((p) => p.name)).toEqual(["March", "February"]);
    expect(names(first)).toEqual(["Ada+Ben", "Cy+Di", "Ed+Flo", "Gus+Hal"]);
    expect(first.matchCounts).toEqual({ [march.id]: 7, [february.id]: 3 });
    expect(first.total).toBe(10);
    const second = await page(`?limit=4&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(["Ian+Ivy", "Jo+Kim", "Ada+Cy", "Ada+Di"]);
    const third = await page(`?limit=4&cursor=${second.nextCursor}`);
    expect(names(third)).toEqual(["Ben+Ed", "Flo+Gus"]);
    expect(third.nextCursor).toBeNull();
  });

  it("answers a page of 50 without a limit", async () => {
    const all = await page("");
    expect(names(all)).toHaveLength(10);
    expect(all.nextCursor).toBeNull();
  });

  it("finds every word in some member's name, e-mail or department name", async () => {
    const found = await page("?q=ada");
    expect(names(found)).toEqual(["Ada+Ben", "Ada+Cy", "Ada+Di"]);
    expect(found.total).toBe(3);
    expect(names(await page("?q=ada%20sales%20team"))).toEqual(["Ada+Ben"]);
    expect(names(await page("?q=KIM%40ACME"))).toEqual(["Jo+Kim"]);
    const none = await page("?q=nobody-here");
    expect(none.total).toBe(0);
    expect(none.matchCounts[String(march.id)]).toBe(7);
  });

  it("filters by pairing, and by who is left alone or away, naming why", async () => {
    const feb = await page(`?pairingId=${february.id}`);
    expect(names(feb)).toEqual(["Ada+Di", "Ben+Ed", "Flo+Gus"]);
    expect(feb.total).toBe(3);
    const alone = await page("?status=alone");
    expect(names(alone)).toEqual(["Ian+Ivy"]);
    const match = alone.matchesByPairing[String(march.id)][0];
    expect(match.members.map((m) => m.away ?? null)).toEqual([null, "paused"]);
    expect(match.aloneUserId).toBe(match.members[0].id);
    expect((await page("?status=away")).total).toBe(1);
    expect((await page(`?status=alone&pairingId=${february.id}`)).total).toBe(0);
  });

  it("refuses bad input with a message", async () => {
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?limit=abc",
      "?status=gone",
      "?pairingId=x",
      "?cursor=nope",
    ]) {
      const res = await admin.get(`/api/admin/current-pairings${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });

  it("is for admins only", async () => {
    const employee = t.as(await acme.person("Emp"));
    expect((await employee.get("/api/admin/current-pairings")).statusCode).toBe(403);
    expect((await employee.get("/api/admin/current-pairings/csv")).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/current-pairings" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/admin/current-pairings/csv", () => {
  it("downloads every match fitting the filters, one line per match", async () => {
    const res = await admin.get("/api/admin/current-pairings/csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="current-pairings-2027-03-10.csv"',
    );
    const rows = Papa.parse<Record<string, string>>(res.body.trim(), { header: true }).data;
    expect(rows.map((r) => `${r.person1_name}+${r.person2_name}`)).toEqual([
      "Ada Test+Ben Test",
      "Cy Test+Di Test",
      "Ed Test+Flo Test",
      "Gus Test+Hal Test",
      "Ian Test+Ivy Test",
      "Jo Test+Kim Test",
      "Ada Test+Cy Test",
      "Ada Test+Di Test",
      "Ben Test+Ed Test",
      "Flo Test+Gus Test",
    ]);
    expect(rows[0].person2_department).toBe("Sales Team");
    const searched = await admin.get("/api/admin/current-pairings/csv?q=sales");
    expect(searched.body.trim().split("\r\n")).toHaveLength(3);
    expect((await admin.get("/api/admin/current-pairings/csv?status=x")).statusCode).toBe(400);
  });
});
