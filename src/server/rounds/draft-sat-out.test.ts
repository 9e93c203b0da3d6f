import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownRulesSatOutText } from "../../shared/sat-out";
import { fixedClock } from "../clock";
import { neverWith } from "../db/schema";
import {
  allowEmail,
  createDepartment,
  createGroup,
  createUser,
  signInAdmin,
} from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";
import { composeDraft } from "./compose-draft";
import { findRoundScope } from "./round-settings";

const NOW = new Date("2027-03-05T09:00:00Z");
let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await signInAdmin(t.db, { email: "boss@drafts.test" }, { now: NOW }));
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("who sat out of a round's draft", () => {
  it("shows each person the draft left out with the reason, and a swap's as the admin's", async () => {
    const group = await createGroup(t.db, { name: "drafty", displayName: "Drafty" });
    await allowEmail(t.db, "*@drafty.test", group.id);
    const person = (firstName: string, department: string, extra = {}) =>
      createUser(t.db, {
        email: `${firstName.toLowerCase()}@drafty.test`,
        firstName,
        lastName: "Test",
        department,
        ...extra,
      });
    const frank = await person("Frank", "Marketing", { matchingPreference: "same-department" });
    const ann = await person("Ann", "Engineering");
    await person("Bo", "Engineering");
    const scope = await findRoundScope(t.db, String(group.id));
    await composeDraft(t.ctx, scope, "2027-03");

    const url = `/api/admin/rounds/${group.id}/2027-03/draft`;
    const draft = (await admin.get(url)).json();
    expect(draft.satOut).toEqual([
      {
        userId: frank.id,
        name: "Frank Test",
        reason:
          "No one else in Marketing is free this month and Frank Test asked for same-department chats.",
      },
    ]);
    const swapped = await admin.post(`/api/admin/rounds/${group.id}/2027-03/swap`, {
      userA: frank.id,
      userB: ann.id,
    });
    expect(swapped.statusCode).toBe(200);
    expect((await admin.get(url)).json().satOut).toEqual([
      {
        userId: ann.id,
        name: "Ann Test",
        reason: "An admin swapped Ann Test out of a match in this draft.",
      },
    ]);
  });

  it("counts who sat out by people's own rules, without naming whom anyone avoids", async () => {
    const group = await createGroup(t.db, { name: "rules", displayName: "Rules" });
    await allowEmail(t.db, "*@rules.test", group.id);
    const person = (firstName: string, extra = {}) =>
      createUser(t.db, {
        email: `${firstName.toLowerCase()}@rules.test`,
        firstName,
        lastName: "Rule",
        department: "Engineering",
        meetWay: "online",
        ...extra,
      });
    const others = [
      await person("Ann"),
      await person("Bo"),
      await person("Cy"),
      await person("Di"),
      // Alone in Berlin and only in person: no shared way to meet.
      await person("Eve", { meetWay: "in-person", office: "Berlin" }),
    ];
    // Keeps everyone on a private list.
    const gus = await person("Gus");
    await t.db
      .insert(neverWith)
      .values(others.map((o) => ({ userId: gus.id, otherId: o.id, addedAt: NOW })));
    await composeDraft(t.ctx, await findRoundScope(t.db, String(group.id)), "2027-03");

    const draft = (await admin.get(`/api/admin/rounds/${group.id}/2027-03/draft`)).json();
    expect(draft.satOut.map((p: { name: string }) => p.name).sort()).toEqual([
      "Eve Rule",
      "Gus Rule",
    ]);
    expect(draft.ownRules).toEqual({ people: 2, noWayToMeet: 1 });
    expect(ownRulesSatOutText(draft.ownRules)).toBe(
      "2 people sat out by their own rules (never with, manager, way to meet), 1 of them sharing no way to meet with anyone free.",
    );
    // Gus's reason names no one he keeps apart from.
    const gusReason = draft.satOut.find((p: { name: string }) => p.name === "Gus Rule").reason;
    for (const o of others) expect(gusReason).not.toContain(`${o.firstName} Rule`);
  });

  it("names each person's department as people read it, in the matches and the reasons", async () => {
    const group = await createGroup(t.db, { name: "named", displayName: "Named" });
    await allowEmail(t.db, "*@named.test", group.id);
    await createDepartment(t.db, { name: "people-culture", displayName: "People & Culture" });
    await createDepartment(t.db, { name: "customer-success", displayName: "Customer Success" });
    const person = (firstName: string, department: string, extra = {}) =>
      createUser(t.db, {
        email: `${firstName.toLowerCase()}@named.test`,
        firstName,
        lastName: "Named",
        department,
        ...extra,
      });
    await person("Zoe", "people-culture", { matchingPreference: "same-department" });
    await person("Sakura", "customer-success");
    await person("Ito", "customer-success");
    const scope = await findRoundScope(t.db, String(group.id));
    await composeDraft(t.ctx, scope, "2027-03");

    const draft = (await admin.get(`/api/admin/rounds/${group.id}/2027-03/draft`)).json();
    expect(draft.matches.flat().map((m: { department: string }) => m.department)).toEqual([
      "Customer Success",
      "Customer Success",
    ]);
    expect(draft.satOut.map((p: { reason: string }) => p.reason)).toEqual([
      "No one else in People & Culture is free this month and Zoe Named asked for same-department chats.",
    ]);
  });
});
