import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { matches } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { checkRoundInvariants } from "../rounds/round-invariants";
import {
  allowEmail,
  createGroup,
  createGroupPairing,
  createMatch,
  createUser,
} from "../test/factories";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";
import { createTestApp, type TestApp } from "../test/test-app";

let peer: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({
    clock: fixedClock("2027-03-10T09:00:00Z"),
    smtpUrl: peer.url,
    deliveries: true,
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe("pausing or opting out during a running month", () => {
  it("takes the person out of their match and tells the partners whose match changed", async () => {
    const group = await createGroup(t.db, { displayName: "Mid" });
    await allowEmail(t.db, "*@mid.test", group.id);
    const pairing = await createGroupPairing(t.db, group, { month: "2027-03" });
    const person = (first: string) =>
      createUser(t.db, {
        email: `${first.toLowerCase()}@mid.test`,
        firstName: first,
        lastName: "Mid",
      });
    const [ada, bob, cy, dee, eve] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dee", "Eve"].map(person),
    );
    const trio = await createMatch(t.db, { members: [ada, bob, cy], pairing });
    const pair = await createMatch(t.db, { members: [dee, eve], pairing });

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
