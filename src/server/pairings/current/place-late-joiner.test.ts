import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CurrentPairingsResponse } from "../../../shared/pairings";
import { fixedClock } from "../../clock";
import { activities, outgoingMessages } from "../../db/schema";
import { createAdmin, createRunningCompany } from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";
import { PLACED_KIND } from "./place-sat-out";

const NOW = new Date("2027-03-10T09:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = t.as(await createAdmin(t.db, { email: "boss@late.test" }));
});
checkRoundInvariantsAfterEach(() => t?.db);

const JOINED_LATE = (name: string) =>
  `Joined after the pairings were made: ${name} was not ready to be paired when they were made.`;

const listed = async (pairingId: number) =>
  ((await admin.get("/api/admin/current-pairings")).json() as CurrentPairingsResponse).satOut
    .filter((p) => p.pairingId === pairingId)
    .map((p) => ({ name: p.name, reason: p.reason }));

const changeMailsTo = async (domain: string) =>
  (await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.kind, "match-change")))
    .map((m) => m.recipient)
    .filter((to) => to.endsWith(`@${domain}`))
    .sort();

describe("someone who joined after the pairings were made (docs/pairings.md)", () => {
  it("is listed with the people who sat out, and placed silently before the announcement", async () => {
    const company = await createRunningCompany(t.db, {
      name: "Latesilent",
      pairing: { announcedAt: null },
    });
    const ann = await company.person("Ann");
    const bo = await company.person("Bo");
    const pair = await company.match(ann, bo);
    const eve = await company.person("Eve");
    // Not ready today: not listed, and not placeable.
    const fay = await company.person("Fay", { participationStatus: "opted_out" });
    const gus = await company.person("Gus", { needsProfileSetup: true });

    expect(await listed(company.pairing.id)).toEqual([
      { name: "Eve Test", reason: JOINED_LATE("Eve Test") },
    ]);
    for (const who of [fay, gus]) {
      const refused = await admin.post(`/api/admin/pairings/${company.pairing.id}/place`, {
        userId: who.id,
        matchId: pair.id,
      });
      expect(refused.statusCode).toBe(409);
    }

    const checked = await admin.get(
      `/api/admin/pairings/${company.pairing.id}/place-check?userId=${eve.id}&matchId=${pair.id}`,
    );
    expect(checked.json()).toMatchObject({
      summary: "Eve Test joins Ann Test and Bo Test as a trio this month.",
      told: false,
    });
    const placed = await admin.post(`/api/admin/pairings/${company.pairing.id}/place`, {
      userId: eve.id,
      matchId: pair.id,
      acceptBrokenRules: true,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().notified).toBe(0);
    expect(await changeMailsTo(company.domain)).toEqual([]);
    expect(await listed(company.pairing.id)).toEqual([]);
    const [line] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.kind, PLACED_KIND), eq(activities.userId, eve.id)));
    expect(line.detail).toContain(
      "An admin placed Eve Test, who joined after the pairings were made, with Ann Test and Bo Test",
    );
  });

  it("after the announcement gets the e-mail a placed sit-out gets, as does the match", async () => {
    const company = await createRunningCompany(t.db, { name: "Latetold" });
    const ann = await company.person("Ann");
    const bo = await company.person("Bo");
    const pair = await company.match(ann, bo);
    const eve = await company.person("Eve");
    const placed = await admin.post(`/api/admin/pairings/${company.pairing.id}/place`, {
      userId: eve.id,
      matchId: pair.id,
      acceptBrokenRules: true,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().notified).toBe(3);
    expect(await changeMailsTo(company.domain)).toEqual([ann.email, bo.email, eve.email].sort());
    const toEve = await peer.waitForMessage((m) => m.to.includes(eve.email));
    expect(toEve.text).toContain("You join Ann Test and Bo Test for a coffee chat in March 2027");
  });

  it("is not someone a partner reported away: those are given to nobody this month", async () => {
    const company = await createRunningCompany(t.db, { name: "Lateaway" });
    const [ann, bo, cy] = await Promise.all(["Ann", "Bo", "Cy"].map((n) => company.person(n)));
    const trio = await company.match(ann, bo, cy);
    const reported = await t
      .as(ann)
      .post(`/api/matches/${trio.id}/partner-away`, { partnerId: cy.id });
    expect(reported.statusCode).toBe(200);
    expect(await listed(company.pairing.id)).toEqual([]);
    const dee = await company.person("Dee");
    const refused = await admin.post(`/api/admin/pairings/${company.pairing.id}/place`, {
      userId: dee.id,
      withUserId: cy.id,
      acceptBrokenRules: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cy Test is not among the people who sat out of "' +
        company.pairing.name +
        '" (placed meanwhile, or never left out).',
    );
  });
});
