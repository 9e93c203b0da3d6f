import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CurrentPairingsResponse } from "../../../shared/pairings";
import { fixedClock } from "../../clock";
import { matches, outgoingMessages, pairings } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import { createAdmin, createRunningCompany, pauseInPlace } from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-03-10T09:00:00Z");
const clock = fixedClock(NOW);
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;
let n = 0;

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = t.as(await createAdmin(t.db, { email: "boss@hq.test" }));
});
checkRoundInvariantsAfterEach(() => t?.db);

/** A company of its own (group + whitelisted domain) with a running March pairing. */
const company = () => createRunningCompany(t.db, { pairingName: `March 2027 — Company ${++n}` });

const rePair = (pairingId: number, userId: unknown) =>
  admin.post(`/api/admin/pairings/${pairingId}/re-pair`, { userId });

const pairingMatches = async (pairingId: number) =>
  withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)).orderBy(matches.id),
  );
const members = memberIds;

describe("re-pairing one person of a running pairing", () => {
  it("lists who is left alone, then gives them the best partner among the people without one", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada", { department: "engineering" });
    const bob = await person("Bob", { department: "engineering" });
    await person("Eve", { department: "engineering" });
    const sam = await person("Sam", { department: "sales" });
    const old = await match(ada, bob);
    await t.db.update(pairings).set({ totalPairs: 1 }).where(eq(pairings.id, pairing.id));
    await pauseInPlace(t.db, bob);

    const current: CurrentPairingsResponse = (
      await admin.get("/api/admin/current-pairings")
    ).json();
    const shown = current.matchesByPairing[String(pairing.id)][0];
    expect(shown.aloneUserId).toBe(ada.id);
    expect(shown.user2).toMatchObject({ id: bob.id, away: "paused" });
    expect(shown.user1.away).toBeUndefined();

    const res = await rePair(pairing.id, ada.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Ada Test now meets Sam Test this month.",
      kind: "pair",
      partners: ["Sam Test"],
      notified: 2,
    });
    const rows = await pairingMatches(pairing.id);
    expect(rows.map((r) => r.id)).not.toContain(old.id);
    expect(rows.map(members)).toEqual([[ada.id, sam.id]]);
    const [stored] = await t.db.select().from(pairings).where(eq(pairings.id, pairing.id));
    expect(stored.totalPairs).toBe(1);

    const toAda = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(toAda.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    expect(toAda.text).toContain("Your coffee chat partner for March 2027 is now Sam Test.");
    expect(toAda.text).toContain(sam.email);
    expect(toAda.parsed.headers.find((h) => h.key === "list-unsubscribe")?.value).toMatch(
      /^<http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=/,
    );
    const toSam = await peer.waitForMessage((m) => m.to.includes(sam.email));
    expect(toSam.text).toContain("Ada Test is your new coffee chat partner for March 2027.");
    expect(peer.messages.some((m) => m.to.includes(bob.email))).toBe(false);

    const after: CurrentPairingsResponse = (await admin.get("/api/admin/current-pairings")).json();
    expect(after.matchesByPairing[String(pairing.id)][0].aloneUserId).toBeUndefined();
  });

  it("pairs two people left alone in the same pairing with each other", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dan"].map((name) => person(name)),
    );
    await match(ada, bob);
    await match(cy, dan);
    await pauseInPlace(t.db, bob);
    await pauseInPlace(t.db, dan);

    const res = await rePair(pairing.id, ada.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().partners).toEqual(["Cy Test"]);
    expect((await pairingMatches(pairing.id)).map(members)).toEqual([[ada.id, cy.id]]);
  });

  it("joins an existing pair as a trio when nobody is free, and tells all three", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada", { department: "engineering" });
    const bob = await person("Bob", { department: "engineering" });
    const cy = await person("Cy", { department: "sales" });
    const dee = await person("Dee", { department: "sales" });
    await match(ada, bob);
    const pair = await match(cy, dee);
    await pauseInPlace(t.db, bob);

    const res = await rePair(pairing.id, ada.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Ada Test joins Cy Test and Dee Test as a trio this month.",
      kind: "trio",
      notified: 3,
    });
    const rows = await pairingMatches(pairing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(pair.id);
    expect(rows[0].members).toMatchObject([
      { userId: cy.id },
      { userId: dee.id },
      { userId: ada.id, answer: null },
    ]);
    const toCy = await peer.waitForMessage((m) => m.to.includes(cy.email));
    expect(toCy.text).toContain("Ada Test joins you and Dee Test for your March 2027 coffee chat.");
    const toAda = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(toAda.text).toContain("You join Cy Test and Dee Test for a coffee chat in March 2027");
    await peer.waitForMessage((m) => m.to.includes(dee.email));
  });

  it("refuses someone who still has a partner, naming the partner", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    await match(ada, bob);
    const res = await rePair(pairing.id, ada.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "has_partner",
      message: `Ada Test already has a partner in "${pairing.name}": Bob Test.`,
    });
  });

  it("refuses a completed pairing, someone not in it, someone away and a bad body", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob", { participationStatus: "opted_out" });
    const outsider = await person("Olga");
    await match(ada, bob);

    const away = await rePair(pairing.id, bob.id);
    expect(away.statusCode).toBe(409);
    expect(away.json().message).toBe("Bob Test cannot be re-paired: opted out.");

    const stranger = await rePair(pairing.id, outsider.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(`Olga Test is not in "${pairing.name}".`);

    const bad = await rePair(pairing.id, "not-a-person");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose the person to re-pair from the current pairings.");

    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const done = await rePair(pairing.id, ada.id);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({
      code: "pairing_completed",
      message: `"${pairing.name}" is completed; only a running pairing can be re-paired.`,
    });
  });

  it("refuses when preferences and recent matches rule out everyone", async () => {
    const { pairing, person, match } = await company();
    const ada = await person("Ada", {
      department: "engineering",
      matchingPreference: "same-department",
    });
    const bob = await person("Bob", { department: "engineering" });
    await person("Sam", { department: "sales" });
    await match(ada, bob);
    await pauseInPlace(t.db, bob);
    const res = await rePair(pairing.id, ada.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("no_partner");
  });

  it("is for admins only", async () => {
    const { pairing, person } = await company();
    const ada = await person("Ada");
    const res = await t.as(ada).post(`/api/admin/pairings/${pairing.id}/re-pair`, {
      userId: ada.id,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the e-mails of a re-pair", () => {
  it("queues its e-mails with the change, so one the mail server refuses at first still arrives", async () => {
    const { pairing, person, match } = await company();
    const [ada, bob, cy] = await Promise.all(["Ada", "Bob", "Cy"].map((name) => person(name)));
    await match(ada, bob);
    await pauseInPlace(t.db, bob);
    peer.rejectRecipients((address) => address === cy.email, 421, 1);

    const res = await rePair(pairing.id, ada.id);
    expect(res.json()).toMatchObject({ partners: ["Cy Test"], notified: 2 });
    const queued = await t.db
      .select({ email: outgoingMessages.recipient, kind: outgoingMessages.kind })
      .from(outgoingMessages)
      .where(inArray(outgoingMessages.recipient, [ada.email, cy.email]));
    expect(queued.map((d) => [d.email, d.kind]).sort()).toEqual([
      [ada.email, "match-change"],
      [cy.email, "match-change"],
    ]);
    // The refusal is a transient failure: the outbox keeps the message and tries it again (at
    // once when Ada's goes out, the server being back, else after its backoff).
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ attempts: outgoingMessages.attempts })
              .from(outgoingMessages)
              .where(eq(outgoingMessages.recipient, cy.email))
          )[0]?.attempts,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
    clock.advance(11 * 60_000);
    await t.outboxDelivery.settled();
    const toCy = await peer.waitForMessage((m) => m.to.includes(cy.email));
    expect(toCy.text).toContain("Ada Test is your new coffee chat partner for March 2027.");
    await peer.waitForMessage((m) => m.to.includes(ada.email));
  });
});
