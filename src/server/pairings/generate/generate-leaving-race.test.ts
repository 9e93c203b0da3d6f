import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { type Database, openDatabase } from "../../db/client";
import { allowedEmails, matches, matchMembers, pairings, users } from "../../db/schema";
import { HttpError } from "../../errors";
import { deactivateUser } from "../../people/users/deactivate-user";
import { removeAllowedEmail } from "../../people/whitelist/remove-allowed-email";
import { erasePerson } from "../../privacy/erase-person";
import { storeParticipation } from "../../profile/update-participation";
import { allowEmail, createCompanyWidePeople, createUser } from "../../test/factories";
import { type PostgresServer, startPostgresServer } from "../../test/postgres-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { generatePairing } from "./generate-pairing";

/*
 * Two app instances on one PostgreSQL server (TEST_DATABASE_URL's, else a throwaway cluster): one
 * generates the month's pairing while the other makes one ready person leave, by each way of
 * leaving, at a random moment of the generation. Whatever the order, nobody who left is in a
 * match of the new pairing (docs/rounds.md, "Invariants of a round").
 */
const clock = fixedClock("2027-03-02T09:00:00Z");
const TRIALS = 24;
let server: PostgresServer;
let one: TestApp;
let two: TestApp;
let admin: { id: string; email: string; firstName: string | null; lastName: string | null };

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  const database: Database = await openDatabase({ databaseUrl: server.url });
  await database.migrate();
  one = await createTestApp({ clock, database });
  two = await createTestApp({ clock, database: await openDatabase({ databaseUrl: server.url }) });
  const names = Array.from({ length: 150 }, (_, i) => `p${i}`);
  ({ admin } = await createCompanyWidePeople(one.db, "race.test", names));
}, 120_000);
afterAll(async () => {
  await two?.close();
  await two?.database.close();
  await one?.close();
  await one?.database.close();
  await server?.close();
});

type Leaving = "deactivation" | "erasure" | "opt-out" | "whitelist removal";
const ways: Leaving[] = ["deactivation", "erasure", "opt-out", "whitelist removal"];

/** A ready person of their own address (whitelisted by that address only, for the removal). */
async function newcomer(trial: number) {
  const email = `leaver${trial}@leaving.test`;
  const entry = await allowEmail(one.db, email);
  const person = await createUser(one.db, { email });
  return { person, entry };
}

async function leave(way: Leaving, person: { id: string }, entryId: number) {
  if (way === "deactivation") await deactivateUser(two.ctx, person.id, admin);
  else if (way === "erasure") await erasePerson(two.ctx, person.id, "themself");
  else if (way === "opt-out")
    await storeParticipation(
      two.ctx,
      person.id,
      { participationStatus: "opted_out" },
      {
        kind: "opt_out",
        by: { id: person.id, name: "the person" },
      },
    );
  else await removeAllowedEmail(two.ctx, entryId);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a person leaving while a pairing is generated", () => {
  it("is in no match of the new pairing, whichever commits first", async () => {
    const started = Date.now();
    await generatePairing(one.ctx, admin);
    const oneRun = Date.now() - started;
    let placedAfterLeaving = 0;
    let refused = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      await one.db.delete(pairings);
      const { person, entry } = await newcomer(trial);
      const way = ways[trial % ways.length];
      const [made] = await Promise.allSettled([
        generatePairing(one.ctx, admin),
        pause(Math.floor(Math.random() * oneRun)).then(() => leave(way, person, entry.id)),
      ]).then(async (results) => {
        const failed = results.find(
          (r) => r.status === "rejected" && !(r.reason instanceof HttpError),
        );
        if (failed?.status === "rejected") throw failed.reason;
        return results;
      });
      if (made.status === "rejected") {
        refused++;
        continue;
      }
      const placed = await one.db
        .select({ id: matchMembers.userId })
        .from(matchMembers)
        .innerJoin(matches, eq(matches.id, matchMembers.matchId))
        .where(eq(matches.pairingId, made.value.pairingId));
      const [row] = await one.db.select().from(users).where(eq(users.id, person.id));
      const stillIn = row.isActive && row.participationStatus === "active";
      const [kept] = await one.db
        .select()
        .from(allowedEmails)
        .where(eq(allowedEmails.id, entry.id));
      if (placed.some((p) => p.id === person.id) && !(stillIn && kept)) placedAfterLeaving++;
      // Every match of the new pairing still has at least two members.
      const sizes = new Map<number, number>();
      for (const member of await one.db
        .select({ matchId: matchMembers.matchId })
        .from(matchMembers)
        .innerJoin(matches, eq(matches.id, matchMembers.matchId))
        .where(eq(matches.pairingId, made.value.pairingId))) {
        sizes.set(member.matchId, (sizes.get(member.matchId) ?? 0) + 1);
      }
      expect([...sizes.values()].every((n) => n >= 2)).toBe(true);
    }
    expect(placedAfterLeaving).toBe(0);
    expect(refused).toBeLessThan(TRIALS);
  }, 600_000);
});
