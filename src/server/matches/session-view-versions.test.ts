import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashSecret } from "../auth/session-store";
import { fixedClock } from "../clock";
import { allowedEmails, memberViewVersions, sessions, users } from "../db/schema";
import { createMatch, createPairing, createUser, signIn } from "../test/factories";
import { setUpAppWithStatementLog } from "../test/statement-log-app";
import type { TestApp } from "../test/test-app";
import { sessionViewVersions } from "./session-view-versions";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
const { statements } = setUpAppWithStatementLog(clock, (app) => {
  t = app;
});

/** The statements that looked sessions and view versions up, since the test began. */
const versionLookups = () => statements.filter((query) => query.includes("= any("));

async function signedIn() {
  const user = await createUser(t.db);
  const cookie = await signIn(t.db, user, { now: clock.now() });
  return { user, hash: hashSecret(cookie.slice(cookie.indexOf("=") + 1)) };
}

const read = (hash: string) => sessionViewVersions(t.app.ctx, hash);

describe("session and view-version reads that arrive together", () => {
  it("answers reads of the same turn with one statement, each with its own person's versions", async () => {
    const [ada, grace] = [await signedIn(), await signedIn()];
    await t.db.insert(memberViewVersions).values({ userId: grace.user.id, version: 5 });
    statements.length = 0;

    const [adas, graces, nobodys] = await Promise.all([
      read(ada.hash),
      read(grace.hash),
      read("0".repeat(64)),
    ]);

    expect(adas?.member).toBe(0);
    expect(graces?.member).toBe(5);
    expect(graces?.everyone).toBe(adas?.everyone);
    expect(nobodys).toBeNull();
    expect(versionLookups()).toHaveLength(1);
  });

  it("asks the database on every read: a session ended after one read is refused at the next", async () => {
    const { user, hash } = await signedIn();
    expect(await read(hash)).not.toBeNull();
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await read(hash)).toBeNull();
    expect(versionLookups()).toHaveLength(2);
  });

  it("signs out only the person in a batch whom the whitelist no longer admits", async () => {
    const [ada, grace] = [await signedIn(), await signedIn()];
    const [account] = await t.db.select().from(users).where(eq(users.id, ada.user.id));
    await t.db
      .update(allowedEmails)
      .set({ isActive: false })
      .where(eq(allowedEmails.email, account.email));

    const [adas, graces] = await Promise.all([read(ada.hash), read(grace.hash)]);

    expect(adas).toBeNull();
    expect(graces).not.toBeNull();
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, ada.user.id));
    expect(left).toHaveLength(0);
  });

  it("answers people polling at once each with their own match", async () => {
    const pairing = await createPairing(t.db);
    const people = await Promise.all(
      ["Ada", "Grace", "Edsger", "Barbara"].map(async (firstName) => {
        const me = await createUser(t.db);
        const partner = await createUser(t.db, { firstName });
        await createMatch(t.db, { members: [me, partner], pairing });
        return { firstName, as: t.as(me) };
      }),
    );
    const poll = () =>
      Promise.all(
        people.map(async ({ as }) => (await as.get("/api/matches/current")).json().partner),
      );
    // The first poll reads and keeps each answer; the second is answered by version checks.
    for (const partners of [await poll(), await poll()]) {
      expect(partners.map((partner) => partner.firstName)).toEqual(
        people.map(({ firstName }) => firstName),
      );
    }
  });
});
