import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { matchMembers, users } from "../db/schema";
import { createMatch, createUser } from "../test/factories";
import { createTestDatabase } from "../test/test-database";
import { addMember, removeMember } from "./match-members";

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
