import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowedEmails, departments, users } from "../db/schema";
import type { SerialisedJson } from "../http/table/send-serialised";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createMatch,
  createPairing,
  createUser,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";
import { KeptViews } from "./member-view-cache";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

/** Two people in a match this month, each with one session kept for every request. */
async function pairUp(partnerFields: Partial<typeof users.$inferInsert> = {}) {
  const me = await createUser(t.db);
  const partner = await createUser(t.db, { firstName: "Grace", ...partnerFields });
  const pairing = await createPairing(t.db);
  const match = await createMatch(t.db, { members: [me, partner], pairing });
  return { me, partner, pairing, match, mine: t.as(me), theirs: t.as(partner) };
}

async function current(who: Requests) {
  const res = await who.get("/api/matches/current");
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function history(who: Requests) {
  const res = await who.get("/api/matches/history");
  expect(res.statusCode).toBe(200);
  return res.json() as { match: { id: number } }[];
}

/** Changes a partner's name the way no app process would: with every trigger off. */
async function renameUntracked(id: string, firstName: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ firstName }).where(eq(users.id, id));
  });
}

describe("a person's match reads kept in memory", () => {
  it("answers an unchanged view from memory, and reads again once anything in it changes", async () => {
    const { partner, mine } = await pairUp();
    expect((await current(mine)).partner.firstName).toBe("Grace");
    await renameUntracked(partner.id, "Hidden");
    // Nothing a trigger saw changed, so the kept answer goes out: it was kept.
    expect((await current(mine)).partner.firstName).toBe("Grace");
    await t.db.update(users).set({ bio: "Now on tea" }).where(eq(users.id, partner.id));
    const fresh = await current(mine);
    expect(fresh.partner).toMatchObject({ firstName: "Hidden", bio: "Now on tea" });
  });

  it("shows a partner's new profile after they save it", async () => {
    await createDepartment(t.db, { name: "sales", displayName: "Sales" });
    const { mine, theirs } = await pairUp({ department: "sales" });
    expect((await current(mine)).partner.lastName).not.toBe("Hopper");
    const saved = await theirs.put("/api/profile", {
      firstName: "Grace",
      lastName: "Hopper",
      department: "sales",
      matchingPreference: "any",
      bio: "Compilers",
    });
    expect(saved.statusCode).toBe(200);
    expect((await current(mine)).partner).toMatchObject({ lastName: "Hopper", bio: "Compilers" });
  });

  it("shows a partner's answer after they give it", async () => {
    const { match, mine, theirs } = await pairUp();
    expect((await current(mine)).match.user2ConnectionStatus).toBe("pending");
    const answered = await theirs.put(`/api/matches/${match.id}/connection-status`, {
      status: "confirmed",
    });
    expect(answered.statusCode).toBe(200);
    expect((await current(mine)).match.user2ConnectionStatus).toBe("confirmed");
  });

  it("shows the booked time to every member of the match, whoever booked or moved it", async () => {
    const { match, mine, theirs } = await pairUp();
    expect((await current(mine)).booking).toBeNull();
    expect((await current(theirs)).booking).toBeNull();
    const start = "2027-03-16T09:00:00.000Z";
    const sent = await theirs.put(`/api/matches/${match.id}/invitation`, { start });
    expect(sent.statusCode).toBe(200);
    expect((await current(mine)).booking).toEqual({ start });
    expect((await current(theirs)).booking).toEqual({ start });
    const later = "2027-03-17T14:30:00.000Z";
    const moved = await mine.put(`/api/matches/${match.id}/invitation`, {
      start: later,
      replaces: start,
    });
    expect(moved.statusCode).toBe(200);
    expect((await current(theirs)).booking).toEqual({ start: later });
  });

  it("moves the match to the history when the admin completes the pairing", async () => {
    const { match, pairing, mine } = await pairUp();
    expect((await current(mine)).match.id).toBe(match.id);
    expect((await history(mine)).map((m) => m.match.id)).not.toContain(match.id);
    const done = await admin.post(`/api/admin/complete-pairing/${pairing.id}`);
    expect(done.statusCode).toBe(200);
    expect((await current(mine)).match).toBeNull();
    expect((await history(mine)).map((m) => m.match.id)).toContain(match.id);
  });

  it("shows a new match once it is made, and none once its pairing is deleted", async () => {
    const me = await createUser(t.db);
    const mine = t.as(me);
    expect((await current(mine)).match).toBeNull();
    const pairing = await createPairing(t.db);
    const match = await createMatch(t.db, { members: [me, await createUser(t.db)], pairing });
    expect((await current(mine)).match.id).toBe(match.id);
    const deleted = await admin.delete(`/api/admin/pairings/${pairing.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await current(mine)).match).toBeNull();
  });

  it("shows a department's new name, which changes everyone's view", async () => {
    await createDepartment(t.db, { name: "ops", displayName: "Operations" });
    const { mine } = await pairUp({ department: "ops" });
    expect((await current(mine)).partner.departmentDisplayName).toBe("Operations");
    await t.db
      .update(departments)
      .set({ displayName: "People Operations" })
      .where(eq(departments.name, "ops"));
    expect((await current(mine)).partner.departmentDisplayName).toBe("People Operations");
  });

  it("still signs out a person the whitelist no longer admits, whatever was kept", async () => {
    const me = await createUser(t.db, { email: "leaver@kept.example" });
    await allowEmail(t.db, "leaver@kept.example");
    const mine = t.as(me);
    await createMatch(t.db, { members: [me, await createUser(t.db)] });
    expect((await mine.get("/api/matches/current")).statusCode).toBe(200);
    expect((await mine.get("/api/matches/history")).statusCode).toBe(200);
    await t.db.delete(allowedEmails).where(eq(allowedEmails.email, "leaver@kept.example"));
    expect((await mine.get("/api/matches/current")).statusCode).toBe(401);
    expect((await mine.get("/api/matches/history")).statusCode).toBe(401);
  });
});

describe("kept answers", () => {
  const view = (body: string) => ({ member: 1, everyone: 1, body: body as SerialisedJson });

  it("forgets the least recently answered once the kept answers outgrow their room", () => {
    const kept = new KeptViews(10);
    kept.set("a", view("aaaa"));
    kept.set("b", view("bbbb"));
    kept.set("a", view("AAAA"));
    kept.set("c", view("cccc"));
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")?.body).toBe("AAAA");
    expect(kept.get("c")?.body).toBe("cccc");
  });
});
