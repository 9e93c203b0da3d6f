import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matchStats } from "../../shared/matches";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { matches, users } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { createAdmin, createMatch, createPairing, createRunningCompany } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

let peer: SmtpPeer;
let t: TestApp;
setUpAppWithSmtpPeer({ clock: fixedClock("2027-03-10T09:00:00Z") }, (app) => ({ t, peer } = app));

describe("pausing or opting out during a running month", () => {
  it("takes the person out of their match and tells the partners whose match changed", async () => {
    const { person, match } = await createRunningCompany(t.db, {
      name: "Mid",
      personDefaults: { lastName: "Mid" },
    });
    // Ada, Bob and Dee chose groups of 3, so Dee may be added to Ada and Bob's pair below.
    const chose3 = { preferredGroupSize: 3 };
    const [ada, bob, cy, dee, eve] = await Promise.all([
      person("Ada", chose3),
      person("Bob", chose3),
      person("Cy"),
      person("Dee", chose3),
      person("Eve"),
    ]);
    const trio = await match(ada, bob, cy);
    const pair = await match(dee, eve);

    // Cy pauses: Ada and Bob go on as a pair, and are told.
    expect(
      (await t.as(cy).put("/api/participation", { action: "pause", months: 1 })).statusCode,
    ).toBe(200);
    const [trioNow] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, trio.id)),
    );
    expect(memberIds(trioNow)).toEqual([ada.id, bob.id]);
    await checkRoundInvariants(t.db);
    for (const who of [ada, bob]) {
      const mail = await peer.waitForMessage((m) => m.to.includes(who.email));
      expect(mail.text).toContain("Cy Mid can no longer take part in March 2027.");
    }

    // Eve opts out: nobody is free for Dee, so the pair ends and Dee joins Ada and Bob as a
    // third, which all three chose (nobody asked them, docs/matches.md); all three are told.
    expect((await t.as(eve).put("/api/participation", { action: "opt_out" })).statusCode).toBe(200);
    expect(await t.db.select().from(matches).where(eq(matches.id, pair.id))).toEqual([]);
    await checkRoundInvariants(t.db);
    const [now] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, trio.id)),
    );
    expect(memberIds(now).sort()).toEqual([ada.id, bob.id, dee.id].sort());
    for (const who of [ada, bob, dee]) {
      await peer.waitForMessage((m) => m.to.includes(who.email) && /joins|join/.test(m.text ?? ""));
    }
    const kinds = (await listActivity(t.db, { limit: 5 })).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["match.member-left", "match.re-paired"]));
    expect(peer.messages.some((m) => m.to.includes(cy.email) || m.to.includes(eve.email))).toBe(
      false,
    );
  });
});

/**
 * A chat of the running month that already happened (Ada pressed Met My Match) is history: Bob's
 * pause, opt-out, skip or leave concerns later rounds only (docs/profile.md, "Participation").
 */
describe("a change of participation after this month's chat happened", () => {
  const changes = {
    pause: (bob: { id: string }) =>
      t.as(bob).put("/api/participation", { action: "pause", months: 1 }),
    "pause until a date": (bob: { id: string }) =>
      t.as(bob).put("/api/participation", { action: "pause_until", until: "2027-05-01" }),
    "opt-out": (bob: { id: string }) => t.as(bob).put("/api/participation", { action: "opt_out" }),
    "skip next month": (bob: { id: string }) =>
      t.as(bob).put("/api/participation", { action: "skip_next" }),
    "admin's pause": async (bob: { id: string }) =>
      t
        .as(await createAdmin(t.db, { email: `pauser-${bob.id}@admins.test` }))
        .patch(`/api/admin/users/${bob.id}`, { participationStatus: "paused" }),
    leave: async (bob: { id: string }) => {
      await t.db.update(users).set({ leaveStartDate: "2027-03-10" }).where(eq(users.id, bob.id));
      return { statusCode: 200 };
    },
  };

  it.each(
    Object.entries(changes),
  )("%s keeps the match in both people's history and stats, and nobody is re-paired", async (name, change) => {
    const acme = await createRunningCompany(t.db, { name: `Met ${name}` });
    const [ada, bob] = [await acme.person("Ada"), await acme.person("Bob")];
    // Free and ready: a re-pair of Ada would choose her.
    await acme.person("Cy");
    const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
    for (const [who, first] of [
      [ada, "Dee"],
      [bob, "Eve"],
    ] as const) {
      const past = await acme.person(first);
      await createMatch(t.db, { members: [who, past], pairing: february, answers: ["met"] });
    }
    const march = await acme.match(ada, bob);
    const met = await t
      .as(ada)
      .put(`/api/matches/${march.id}/connection-status`, { status: "confirmed" });
    expect(met.statusCode).toBe(200);
    const admin = t.as(await createAdmin(t.db, { email: `boss@${acme.domain}` }));
    const chatsBefore = (await admin.get("/api/admin/stats")).json().chatsHappened;

    expect((await change(bob)).statusCode).toBe(200);

    const [kept] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, march.id)),
    );
    expect(kept ? memberIds(kept) : "deleted").toEqual([ada.id, bob.id]);
    for (const who of [ada, bob]) {
      const current = (await t.as(who).get("/api/matches/current")).json();
      const history = (await t.as(who).get("/api/matches/history")).json();
      expect(current.match?.id).toBe(march.id);
      expect(history.map((item: { match: { month: string } }) => item.match.month)).toEqual([
        "2027-02",
      ]);
      expect(matchStats(history, current)).toEqual({
        totalMatches: 2,
        coffeeChats: 2,
        newConnections: 2,
      });
    }
    expect((await admin.get("/api/admin/stats")).json().chatsHappened).toBe(chatsBefore);
    const list = async (query = "") =>
      (await admin.get(`/api/admin/current-pairings?pairingId=${acme.pairing.id}${query}`)).json();
    expect((await list("&status=alone")).total).toBe(0);
    expect((await list("&status=away")).total).toBe(0);
    const [shown] = (await list()).matchesByPairing[String(acme.pairing.id)];
    expect(shown.members.map((m: { away?: string }) => m.away ?? null)).toEqual([null, null]);
    expect(shown.aloneUserId).toBeUndefined();
    const rePair = await admin.post(`/api/admin/pairings/${acme.pairing.id}/re-pair`, {
      userId: ada.id,
    });
    expect(rePair.statusCode).toBe(409);
    expect(rePair.json().code).toBe("has_partner");
    await checkRoundInvariants(t.db);
  });

  it("still takes the person out of a match whose chat did not happen", async () => {
    const acme = await createRunningCompany(t.db, { name: "Not met" });
    const [ada, bob, cy] = [
      await acme.person("Ada"),
      await acme.person("Bob"),
      await acme.person("Cy"),
    ];
    const trio = await acme.match(ada, bob, cy);
    await t.as(ada).put(`/api/matches/${trio.id}/connection-status`, { status: "not_confirmed" });
    expect((await t.as(cy).put("/api/participation", { action: "opt_out" })).statusCode).toBe(200);
    const [now] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, trio.id)),
    );
    expect(memberIds(now)).toEqual([ada.id, bob.id]);
  });
});
