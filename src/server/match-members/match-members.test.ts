import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { matches, matchMembers, memberViewVersions, users } from "../db/schema";
import { createMatch, createPairing, createUser } from "../test/factories";
import { createTestDatabase } from "../test/test-database";
import {
  addMember,
  insertPairingGroups,
  MatchSizeError,
  membersOfMatches,
  removeMember,
} from "./match-members";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function membersInOrder(matchId: number) {
  return database.db
    .select({ userId: matchMembers.userId, position: matchMembers.position })
    .from(matchMembers)
    .where(eq(matchMembers.matchId, matchId))
    .orderBy(asc(matchMembers.position));
}

describe("a member added to a match that someone left", () => {
  it("comes after the others, who close up in their order, in a group of four", async () => {
    const [ann, ben, cas, dot, eve] = await Promise.all(
      ["ann", "ben", "cas", "dot", "eve"].map((name) =>
        createUser(database.db, { email: `${name}@members.test` }),
      ),
    );
    const match = await createMatch(database.db, { members: [ann, ben, cas, dot] });
    await removeMember(database.db, match.id, ann.id);

    await addMember(database.db, match.id, eve.id);

    expect(await membersInOrder(match.id)).toEqual(
      [ben, cas, dot, eve].map((user, index) => ({ userId: user.id, position: index + 1 })),
    );
  });

  it("closes the gap an erased account left as well", async () => {
    const [ann, ben, cas, dot] = await Promise.all(
      ["ann", "ben", "cas", "dot"].map((name) =>
        createUser(database.db, { email: `${name}@erased.test` }),
      ),
    );
    const match = await createMatch(database.db, { members: [ann, ben, cas] });
    await database.db.delete(users).where(eq(users.id, ben.id));

    await addMember(database.db, match.id, dot.id);

    expect(await membersInOrder(match.id)).toEqual(
      [ann, cas, dot].map((user, index) => ({ userId: user.id, position: index + 1 })),
    );
  });
});

describe("a pairing's matches written in one statement", () => {
  it("keeps the groups' order and their members' order, and bumps every member's view", async () => {
    const people = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        createUser(database.db, { email: `group${i}@members.test` }),
      ),
    );
    const pairing = await createPairing(database.db);
    const ids = people.map((p) => p.id);
    const groups = [ids.slice(0, 2), ids.slice(2, 5), ids.slice(5, 9)];
    const versionsBefore = await database.db.select().from(memberViewVersions);
    const at = new Date("2027-03-02T10:00:00Z");

    await insertPairingGroups(
      database.db,
      { pairingId: pairing.id, month: "2027-03", matchDate: at, status: "active" },
      groups,
    );

    const made = await database.db
      .select()
      .from(matches)
      .where(eq(matches.pairingId, pairing.id))
      .orderBy(asc(matches.id));
    expect(made.map((m) => [m.month, m.status, m.matchDate.toISOString()])).toEqual(
      groups.map(() => ["2027-03", "active", at.toISOString()]),
    );
    const members = await membersOfMatches(
      database.db,
      made.map((m) => m.id),
    );
    expect(made.map((m) => members.get(m.id)?.map((x) => x.userId))).toEqual(groups);
    const versions = new Map(
      (await database.db.select().from(memberViewVersions)).map((v) => [v.userId, v.version]),
    );
    const before = new Map(versionsBefore.map((v) => [v.userId, v.version]));
    for (const id of ids) expect(versions.get(id)).toBeGreaterThan(before.get(id) ?? 0);
  });

  it("refuses a group of one or five and writes nothing", async () => {
    const people = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createUser(database.db, { email: `refused${i}@members.test` }),
      ),
    );
    const pairing = await createPairing(database.db);
    const write = (groups: string[][]) =>
      insertPairingGroups(
        database.db,
        { pairingId: pairing.id, month: "2027-03", matchDate: new Date(), status: "active" },
        groups,
      );

    await expect(write([[people[0].id]])).rejects.toThrow(MatchSizeError);
    await expect(write([people.map((p) => p.id)])).rejects.toThrow(MatchSizeError);
    expect(
      await database.db.select().from(matches).where(eq(matches.pairingId, pairing.id)),
    ).toEqual([]);
  });
});
