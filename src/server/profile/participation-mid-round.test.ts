import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { matches } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { createRunningCompany } from "../test/factories";
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
    const [ada, bob, cy, dee, eve] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dee", "Eve"].map((first) => person(first)),
    );
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
    // third; all three are told.
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
