import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersResponse } from "../../../shared/admin-users";
import type { CurrentPairingsResponse } from "../../../shared/pairings";
import { listActivity } from "../../activity/activity";
import { post } from "../../auth/test-helpers";
import { fixedClock } from "../../clock";
import { matches, sessions, users } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import { checkRoundInvariants } from "../../rounds/round-invariants";
import {
  allowEmail,
  createAdmin,
  createRunningCompany,
  createSendableNewsletter,
  createUser,
  signIn,
} from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const clock = fixedClock("2027-03-10T09:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
let admin: Requests;
let adminId: string;

setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  const account = await createAdmin(t.db, { email: "boss@hq.test" });
  adminId = account.id;
  admin = t.as(account);
  await allowEmail(t.db, "*@team.test");
});
checkRoundInvariantsAfterEach(() => t?.db);

let n = 0;
const person = (first: string) =>
  createUser(t.db, {
    email: `${first.toLowerCase()}${++n}@team.test`,
    firstName: first,
    lastName: "Test",
  });
const deactivate = (id: string) => admin.post(`/api/admin/users/${id}/deactivate`);
const reactivate = (id: string) => admin.post(`/api/admin/users/${id}/reactivate`);

describe("deactivating an account", () => {
  it("ends every session at once: the next request with the old cookie is 401", async () => {
    const ada = await person("Ada");
    const cookie = await signIn(t.db, ada, { now: clock.now() });
    expect((await t.as(cookie).get("/api/auth/user")).statusCode).toBe(200);

    const res = await deactivate(ada.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Ada Test is deactivated and signed out everywhere.",
      user: { id: ada.id, isActive: false },
      leftAlone: [],
    });
    expect((await t.as(cookie).get("/api/auth/user")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
  });

  it("answers a sign-in request for the address like any other, and mails nothing", async () => {
    const gone = await person("Gus");
    const other = await person("Olga");
    await deactivate(gone.id);
    const refused = await post(t, "/api/auth/send-code", { email: gone.email });
    const sent = await post(t, "/api/auth/send-code", { email: other.email });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toBe(sent.body);
    await peer.waitForMessage((m) => m.to.includes(other.email));
    expect(peer.messages.some((m) => m.to.includes(gone.email))).toBe(false);
  });

  it("waits for a partner-away report of the same pairing, so no match is left with one member", async () => {
    const { person, match } = await createRunningCompany(t.db, { name: "Race" });
    const [ann, ben, cat] = await Promise.all(["Ann", "Ben", "Cat"].map((first) => person(first)));
    const trio = await match(ann, ben, cat);
    const [report, gone] = await Promise.all([
      t.as(ann).post(`/api/matches/${trio.id}/partner-away`, { partnerId: ben.id }),
      deactivate(cat.id),
    ]);
    expect(gone.statusCode).toBe(200);
    expect([200, 409]).toContain(report.statusCode);
    await checkRoundInvariants(t.db);
  });

  it("leaves the person out of a newsletter their pairing receives", async () => {
    const { newsletter, members } = await createSendableNewsletter(t.db, { people: 4 });
    await deactivate(members[1].id);
    expect((await admin.post(`/api/admin/newsletters/${newsletter.id}/send`)).statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (await admin.get(`/api/admin/newsletters/${newsletter.id}/send-status`)).json().status,
        { timeout: 15_000, interval: 50 },
      )
      .toBe("sent");
    const to = (email: string) =>
      peer.messages.filter((m) => m.to.includes(email) && !/has changed/.test(m.subject)).length;
    expect([to(members[0].email), to(members[2].email), to(members[3].email)]).toEqual([1, 1, 1]);
    expect(to(members[1].email)).toBe(0);
  });

  it("lists accounts by state, and reactivation lets the person sign in again", async () => {
    const kim = await person("Kimberly");
    await deactivate(kim.id);
    const list = async (query: string): Promise<AdminUsersResponse> =>
      (await admin.get(`/api/admin/users?q=kimberly&${query}`)).json();
    expect((await list("account=deactivated")).users.map((u) => u.email)).toEqual([kim.email]);
    expect((await list("account=active")).users).toEqual([]);
    const all = await list("account=all");
    expect(all.users[0]).toMatchObject({ id: kim.id, isActive: false });
    expect(all.counts.deactivated).toBe(1);

    const back = await reactivate(kim.id);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe("Kimberly Test is active again and can sign in.");
    expect((await list("account=active")).users.map((u) => u.email)).toEqual([kim.email]);
    expect((await reactivate(kim.id)).json()).toMatchObject({ code: "already_active" });
    expect((await post(t, "/api/auth/send-code", { email: kim.email })).statusCode).toBe(200);
    await peer.waitForMessage((m) => m.to.includes(kim.email));
  });

  it("refuses the admin's own account, another admin, someone unknown and a non-admin", async () => {
    const self = await deactivate(adminId);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot deactivate your own account.");
    const other = await createAdmin(t.db, { email: "second@hq.test", firstName: "Sec" });
    const otherAdmin = await deactivate(other.id);
    expect(otherAdmin.statusCode).toBe(409);
    expect(otherAdmin.json().code).toBe("admin_account");
    expect((await deactivate("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await deactivate("nobody")).statusCode).toBe(404);
    const employee = await person("Eli");
    const asEmployee = await t.as(employee).post(`/api/admin/users/${employee.id}/deactivate`);
    expect(asEmployee.statusCode).toBe(403);
    const [still] = await t.db.select().from(users).where(eq(users.id, employee.id));
    expect(still.isActive).toBe(true);
    expect((await deactivate(employee.id)).statusCode).toBe(200);
    expect((await deactivate(employee.id)).json().code).toBe("already_deactivated");
  });
});

describe("deactivating someone in a running pairing", () => {
  it("takes the person out of every running match and tells everyone whose partner changed", async () => {
    const { pairing, person, match } = await createRunningCompany(t.db, {
      name: "Crew",
      personDefaults: { lastName: "Crew" },
    });
    const crew = (first: string) => person(first);
    const [ada, bob, cy, dee, eve, fay] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"].map(crew),
    );
    const pair = await match(ada, bob);
    const trio = await match(cy, dee, eve);
    const told = (who: { email: string }) =>
      peer.messages.filter((m) => m.to.includes(who.email) && /has changed/.test(m.subject)).length;

    // Fay is ready and in no pairing: Ada is re-paired with her at once, both are told.
    const bobGone = await deactivate(bob.id);
    expect(bobGone.json()).toMatchObject({ leftAlone: [] });
    expect(await t.db.select().from(matches).where(eq(matches.id, pair.id))).toEqual([]);
    await checkRoundInvariants(t.db);
    const changeTo = (who: { email: string }) =>
      peer.waitForMessage((m) => m.to.includes(who.email) && /has changed/.test(m.subject));
    await Promise.all([changeTo(ada), changeTo(fay)]);
    expect([told(ada), told(fay)]).toEqual([1, 1]);

    // Cy leaves the trio: Dee and Eve go on as a pair and are told so.
    expect((await deactivate(cy.id)).json().leftAlone).toEqual([]);
    const [trioNow] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, trio.id)),
    );
    expect(memberIds(trioNow)).toEqual([dee.id, eve.id]);
    await checkRoundInvariants(t.db);
    await Promise.all([changeTo(dee), changeTo(eve)]);
    expect([told(dee), told(eve)]).toEqual([1, 1]);

    // Nobody is free for Ada when Fay leaves, and Dee and Eve, like Ada, chose one-to-one: nobody
    // asked them for a trio, so Ada does not join them (docs/matches.md, "When a match changes").
    // The pair ends and Ada waits for a partner in the pairing, told, and listed for the admins.
    const fayGone = await deactivate(fay.id);
    expect(fayGone.json()).toMatchObject({
      message:
        "Fay Crew is deactivated and signed out everywhere. Ada Crew is left without a partner: re-pair them under Current Pairings.",
      leftAlone: ["Ada Crew"],
    });
    await checkRoundInvariants(t.db);
    const [deeAndEve] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, trio.id)),
    );
    expect(memberIds(deeAndEve)).toEqual([dee.id, eve.id]);
    await peer.waitForMessage(
      (m) => m.to.includes(ada.email) && /no longer take part/.test(m.text ?? ""),
    );
    const current: CurrentPairingsResponse = (
      await admin.get("/api/admin/current-pairings")
    ).json();
    const shown = current.matchesByPairing[String(pairing.id)];
    expect(shown.some((m) => m.members.some((u) => u.id === ada.id || u.id === fay.id))).toBe(
      false,
    );
    expect(current.waitingByPairing[String(pairing.id)]).toEqual([
      expect.objectContaining({ userId: ada.id, firstName: "Ada", formerPartners: ["Fay Crew"] }),
    ]);
    // Her own pages say the same as her e-mail: she waits for a partner (not "next cycle").
    expect((await t.as(ada).get("/api/matches/away-status")).json()).toMatchObject({
      away: null,
      waiting: { month: "2027-03", formerPartners: ["Fay Crew"] },
    });
    const kinds = (await listActivity(t.db, { limit: 20 })).map((a) => a.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["match.re-paired", "match.member-left", "match.partner-left"]),
    );

    // Someone new joins: the admin's Re-pair places Ada with him, and she leaves the list.
    const gil = await crew("Gil");
    const placed = await admin.post(`/api/admin/pairings/${pairing.id}/re-pair`, {
      userId: ada.id,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ kind: "pair", partners: ["Gil Crew"] });
    await checkRoundInvariants(t.db);
    const after: CurrentPairingsResponse = (await admin.get("/api/admin/current-pairings")).json();
    expect(after.waitingByPairing[String(pairing.id)]).toEqual([]);
    expect((await t.as(ada).get("/api/matches/away-status")).json().waiting).toBeNull();
    await peer.waitForMessage((m) => m.to.includes(gil.email) && /has changed/.test(m.subject));
  });
});
