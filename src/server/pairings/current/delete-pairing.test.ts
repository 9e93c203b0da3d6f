import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listActivity } from "../../activity/activity";
import { fixedClock } from "../../clock";
import { pairings } from "../../db/schema";
import { peopleInOrder } from "../../people-rows/read-people";
import { checkRoundInvariants } from "../../rounds/round-invariants";
import { createAdmin, createRunningCompany } from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { awayReasonsOf } from "../scope/member-availability";

let peer: SmtpPeer;
let t: TestApp;

setUpAppWithSmtpPeer({ clock: fixedClock("2027-03-10T09:00:00Z") }, (app) => ({ t, peer } = app));
checkRoundInvariantsAfterEach(() => t?.db);

describe("deleting a running pairing", () => {
  it("tells every active member their match is off and writes an activity line", async () => {
    const admin = t.as(await createAdmin(t.db, { email: "boss@hq.test" }));
    const { pairing, person, match } = await createRunningCompany(t.db, {
      name: "Brew Co",
      personDefaults: { lastName: "Brewer" },
    });
    const [ada, ben, cy, dee, eve] = await Promise.all(
      ["Ada", "Ben", "Cy", "Dee", "Eve"].map((name) => person(name)),
    );
    await match(ada, ben);
    await match(cy, dee, eve);

    const res = await admin.delete(`/api/admin/pairings/${pairing.id}`);
    expect(res.statusCode).toBe(200);
    await checkRoundInvariants(t.db);
    expect(await t.db.select().from(pairings)).toEqual([]);
    for (const who of [ada, ben, cy, dee, eve]) {
      const mail = await peer.waitForMessage((m) => m.to.includes(who.email));
      expect(mail.subject).toBe("Your Cup of Joe match for March 2027 has changed");
      expect(mail.text).toContain("An admin withdrew this month's pairing");
    }
    const adas = peer.messages.find((m) => m.to.includes(ada.email));
    expect(adas?.text).toContain("coffee chat with Ben Brewer is off");
    const [line] = await listActivity(t.db, { limit: 1 });
    expect(line).toMatchObject({
      kind: "pairing.deleted",
      pairingId: pairing.id,
      detail: expect.stringContaining("2 matches are off, and 5 people are told"),
    });
    expect((await admin.delete(`/api/admin/pairings/${pairing.id}`)).statusCode).toBe(404);
  });

  it("reads the people of a pairing larger than a statement's 65,535 parameters", async () => {
    const company = await createRunningCompany(t.db);
    const ada = await company.person("Ada");
    const strangers = Array.from({ length: 70_000 }, () => randomUUID());
    const found = await t.db.transaction((tx) => peopleInOrder(tx, [...strangers, ada.id]));
    expect(found.map((person) => person.id)).toEqual([ada.id]);
    // Generate re-reads who is still ready among everyone it chose the same way.
    await t.as(ada).put("/api/participation", { action: "opt_out" });
    const away = await awayReasonsOf(t.db, [...strangers, ada.id], "2027-03-10");
    expect([...away.entries()]).toEqual([[ada.id, "opted_out"]]);
  });
});
