import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { matches, pairings } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import { allowEmail, createGroup, createUser, signInAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-01-15T09:00:00Z");
let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await signInAdmin(t.db, { email: "boss@groups.test" }, { now: NOW }));
});
afterAll(() => t.close());

/** A domain group whose people chose the given chat sizes (profile field preferredGroupSize). */
async function groupChoosing(name: string, sizes: number[]) {
  const group = await createGroup(t.db, { name, displayName: name.toUpperCase() });
  await allowEmail(t.db, `*@${name}.test`, group.id);
  const people = [];
  for (const [i, size] of sizes.entries()) {
    people.push(
      await createUser(t.db, {
        email: `p${i}@${name}.test`,
        department: `d${i % 5}`,
        preferredGroupSize: size,
      }),
    );
  }
  return { group, people };
}

async function generatedMatches(groupId: number) {
  const res = await admin.post(`/api/admin/generate-pairing/${groupId}`);
  expect(res.statusCode).toBe(200);
  const pairingId: number = res.json().pairingId;
  const rows = await withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
  );
  const [pairing] = await t.db.select().from(pairings).where(eq(pairings.id, pairingId));
  return { formed: rows.map(memberIds), pairing };
}

describe("a pairing honours each person's chosen chat size", () => {
  it("pairs the one-to-one people and seats the others in matches of three and four", async () => {
    const { group, people } = await groupChoosing("sizes", [2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4]);
    const { formed, pairing } = await generatedMatches(group.id);
    const sizeOf = new Map(people.map((p, i) => [p.id, [2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4][i]]));
    expect(formed.flat().sort()).toEqual(people.map((p) => p.id).sort());
    for (const members of formed) {
      for (const id of members) expect(sizeOf.get(id)).toBe(members.length);
    }
    expect(formed.map((m) => m.length).sort()).toEqual([2, 2, 3, 4]);
    const stats = pairing.stats as { groupFormation?: Record<string, unknown> };
    expect(stats.groupFormation).toMatchObject({ people: 7, placed: 7, otherSize: 0 });
  });

  it("places everyone when the numbers do not divide, in the nearest other size", async () => {
    const { group, people } = await groupChoosing("odd", [4, 4, 4, 4, 4, 4, 4]);
    const { formed } = await generatedMatches(group.id);
    expect(formed.flat().sort()).toEqual(people.map((p) => p.id).sort());
    for (const members of formed) expect([3, 4]).toContain(members.length);
  });
});
