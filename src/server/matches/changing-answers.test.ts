import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairingRows, pairingsCsv } from "../../client/features/admin/pairings/pairing-rows";
import { fixedClock } from "../clock";
import { matches } from "../db/schema";
import { withMembers } from "../match-members/match-members";
import { createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";

/**
 * A March round with one pair (Ada, Ben) and one trio (Cy, Di, Ed): what a "Met My Match" adds to
 * every count, changing it while the round runs, and the refusal once the round is completed.
 */
let t: TestApp;
let admin: Requests;
let ada: Requests;
let ben: Requests;
let pairMatch: { id: number };
let trioMatch: { id: number };
let pairing: { id: number; month: string };

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock("2027-03-10T09:00:00Z") });
  admin = t.as(await createAdmin(t.db));
  const [a, b, c, d, e] = await Promise.all(
    ["Ada", "Ben", "Cy", "Di", "Ed"].map((firstName) => createUser(t.db, { firstName })),
  );
  [ada, ben] = [t.as(a), t.as(b)];
  pairing = await createPairing(t.db, { month: "2027-03" });
  pairMatch = await createMatch(t.db, { members: [a, b], pairing });
  trioMatch = await createMatch(t.db, { members: [c, d, e], pairing });
});
afterAll(() => t.close());

const answer = (who: Requests, status: "confirmed" | "not_confirmed") =>
  who.put(`/api/matches/${pairMatch.id}/connection-status`, { status });

async function counts() {
  const stats = (await admin.get("/api/admin/stats")).json();
  const metrics = (await admin.get("/api/admin/enhanced-metrics")).json();
  const csv = pairingsCsv(pairingRows((await admin.get("/api/admin/current-pairings")).json()));
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  return {
    stats,
    month: metrics.matchingMetrics.currentMonth,
    csv: rows.map((r) => r.chat_happened),
  };
}

describe("a member's Met My Match", () => {
  it("counts as a chat that happened in the admin stats, the metrics and the CSV", async () => {
    expect(await counts()).toEqual({
      stats: { activeMatches: 2, completedChats: 0, chatsHappened: 0 },
      month: {
        month: "2027-03",
        totalMatches: 2,
        activeMatches: 2,
        completedMatches: 0,
        chatsHappened: 0,
      },
      csv: ["No", "No"],
    });
    const res = await answer(ada, "confirmed");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ myConnectionStatus: "confirmed", pairingOpen: true });
    // A running pairing's matches stay active, whatever people answer; a completed chat is a
    // completed pairing's (docs/admin-console.md, "The figures").
    expect(await counts()).toEqual({
      stats: { activeMatches: 2, completedChats: 0, chatsHappened: 1 },
      month: {
        month: "2027-03",
        totalMatches: 2,
        activeMatches: 2,
        completedMatches: 0,
        chatsHappened: 1,
      },
      csv: ["Yes", "No"],
    });
  });

  it("can be changed to Missed This Month and back while the round runs", async () => {
    expect((await answer(ada, "not_confirmed")).json().myConnectionStatus).toBe("not_confirmed");
    expect((await counts()).stats.chatsHappened).toBe(0);
    // Ben's Met counts though Ada missed it; once Ben changes his mind, nobody met.
    await answer(ben, "confirmed");
    expect((await counts()).stats.chatsHappened).toBe(1);
    await answer(ben, "not_confirmed");
    expect((await counts()).stats).toEqual({
      activeMatches: 2,
      completedChats: 0,
      chatsHappened: 0,
    });
    expect((await answer(ada, "confirmed")).statusCode).toBe(200);
    expect(await counts()).toMatchObject({ stats: { chatsHappened: 1 }, csv: ["Yes", "No"] });
  });
});

describe("once the round is completed", () => {
  it("refuses to change an answer or mark the match completed, with 409 and a message", async () => {
    expect((await admin.post(`/api/admin/complete-pairing/${pairing.id}`)).statusCode).toBe(200);
    const res = await answer(ada, "not_confirmed");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: "The March 2027 pairing is completed, so its answers can no longer change.",
    });
    const trio = await ben.put(`/api/matches/${trioMatch.id}/connection-status`, {
      status: "confirmed",
    });
    expect(trio.statusCode).toBe(404);
    const complete = await ben.put(`/api/matches/${pairMatch.id}/complete`);
    expect(complete.statusCode).toBe(409);
    const [row] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, pairMatch.id)),
    );
    expect(row.status).toBe("completed");
    expect(row.members.map((m) => m.answer)).toEqual(["met", "skip"]);
    const [past] = (await ada.get("/api/matches/history")).json();
    expect(past).toMatchObject({ myConnectionStatus: "confirmed", pairingOpen: false });
    // The trio nobody answered counts as a chat once the pairing is completed, as the sample
    // history's do; a match everyone marked Missed would not (docs/admin-console.md).
    expect((await admin.get("/api/admin/stats")).json()).toEqual({
      activeMatches: 0,
      completedChats: 2,
      chatsHappened: 2,
    });
  });

  it("keeps which chats happened in the pairing file", async () => {
    const [file] = (await admin.get("/api/admin/completed-pairing-files")).json();
    const content = (await admin.get(`/completed_pairings/${file.fileName}`)).json();
    expect(content.chats_happened).toBe(2);
    expect(content.matches.map((m: { chat_happened: boolean }) => m.chat_happened)).toEqual([
      true,
      true,
    ]);
  });
});
