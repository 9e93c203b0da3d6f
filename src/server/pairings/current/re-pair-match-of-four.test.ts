import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { matches } from "../../db/schema";
import { withMembers } from "../../match-members/match-members";
import {
  createAdmin,
  createMatch,
  createPairing,
  createRunningCompany,
  pauseInPlace,
} from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-03-10T09:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = t.as(await createAdmin(t.db, { email: "boss@four.test" }));
});
checkRoundInvariantsAfterEach(() => t?.db);

/** A company of its own with a running March pairing; people chose matches of four unless told. */
const company = () =>
  createRunningCompany(t.db, { name: "Four", personDefaults: { preferredGroupSize: 4 } });

const pairingMatches = async (pairingId: number) =>
  withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)).orderBy(matches.id),
  );

describe("re-pairing someone who chose a match of four", () => {
  it("makes a trio of people who chose four into a match of four and tells all four", async () => {
    const { pairing, person } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const [cy, dee, eve] = [await person("Cy"), await person("Dee"), await person("Eve")];
    await createMatch(t.db, { members: [ada, bob], pairing });
    const trio = await createMatch(t.db, { members: [cy, dee, eve], pairing });
    await pauseInPlace(t.db, bob);

    const res = await admin.post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: ada.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Ada Test joins Cy Test, Dee Test and Eve Test as a group of four this month.",
      kind: "four",
      partners: ["Cy Test", "Dee Test", "Eve Test"],
      notified: 4,
    });
    const rows = await pairingMatches(pairing.id);
    expect(rows.map((r) => r.id)).toEqual([trio.id]);
    expect(rows[0].members.map((m) => m.userId)).toEqual([cy.id, dee.id, eve.id, ada.id]);
    const toAda = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(toAda.text).toContain(
      "You join Cy Test, Dee Test and Eve Test for a coffee chat in March 2027, as a group of four.",
    );
    const toDee = await peer.waitForMessage((m) => m.to.includes(dee.email));
    expect(toDee.text).toContain(
      "Ada Test joins you, Cy Test and Eve Test for your March 2027 coffee chat.",
    );
  });

  it("does not put someone who chose one-to-one into a match of four", async () => {
    const { pairing, person } = await company();
    const ada = await person("Ada", { preferredGroupSize: 2 });
    const bob = await person("Bob", { preferredGroupSize: 2 });
    const trio = [await person("Cy"), await person("Dee"), await person("Eve")];
    await createMatch(t.db, { members: [ada, bob], pairing });
    await createMatch(t.db, { members: trio, pairing });
    await pauseInPlace(t.db, bob);

    const res = await admin.post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: ada.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("no_partner");
    expect((await pairingMatches(pairing.id)).map((r) => r.members.length)).toEqual([2, 3]);
  });

  it("keeps the repeat window with every member of the trio", async () => {
    const { pairing, person } = await company();
    const ada = await person("Ada");
    const bob = await person("Bob");
    const [cy, dee, eve] = [await person("Cy"), await person("Dee"), await person("Eve")];
    await createMatch(t.db, { members: [ada, bob], pairing });
    await createMatch(t.db, { members: [cy, dee, eve], pairing });
    const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
    await createMatch(t.db, { members: [ada, eve], pairing: february });
    await pauseInPlace(t.db, bob);

    const res = await admin.post(`/api/admin/pairings/${pairing.id}/re-pair`, { userId: ada.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("no_partner");
  });
});
