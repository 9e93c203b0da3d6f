import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasedAddress } from "../../shared/former-colleague";
import { latestCode, post } from "../auth/test-helpers";
import { fixedClock } from "../clock";
import { activities, completedPairings, matchMembers, sessions, users } from "../db/schema";
import {
  allowEmail,
  createActivity,
  createAdmin,
  createEmailLog,
  createMatch,
  createUser,
  tablesHolding as holding,
  signIn,
} from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@erase.test");
});
afterAll(() => t.close());

const tablesHolding = (needle: string) => holding(t.db, needle);

/** Files under the data directory whose bytes hold `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesHolding(file, needle);
    return readFileSync(file).includes(Buffer.from(needle)) ? [file] : [];
  });
}

async function uploadPhoto(cookie: string) {
  const image = await sharp({
    create: { width: 200, height: 200, channels: 3, background: "#abc" },
  })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append("profileImage", new Blob([new Uint8Array(image)], { type: "image/png" }), "me.png");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/upload-profile-image",
    headers: { cookie, origin: TEST_APP_URL },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

/** Ada with a trace in every kind of record: a match, a photo, mails, send logs, activity, records. */
async function adaEverywhere() {
  const email = "ada.lovelace@erase.test";
  const ada = await createUser(t.db, { email, firstName: "Ada", lastName: "Lovelace", bio: "Hi" });
  const bob = await createUser(t.db, { email: "bob@erase.test", firstName: "Bob", lastName: "B" });
  const match = await createMatch(t.db, { members: [ada, bob] });
  const cookie = await signIn(t.db, ada, { now: clock.now() });
  await uploadPhoto(cookie);
  await createActivity(t.db, { userId: ada.id, detail: "Ada Lovelace paused until May." });
  await createEmailLog(t.db, { recipients: [email, bob.email] });
  await t.db.insert(completedPairings).values({
    fileName: "2027-02-all-1.json",
    name: "February",
    month: "2027-02",
    matchCount: 1,
    content: {
      matches: [{ user1_name: "Ada Lovelace", user1_email: email, user2_email: bob.email }],
    },
  });
  await post(t, "/api/auth/send-code", { email });
  await t.outbox();
  return { ada, bob, match, cookie, email };
}

const deleteAccount = (cookie: string, confirmEmail: string) =>
  t.app.inject({
    method: "DELETE",
    url: "/api/profile",
    headers: { cookie, origin: TEST_APP_URL },
    payload: { confirmEmail },
  });

describe("deleting one's own account", () => {
  it("leaves no trace of the address or the name in any table or file, and keeps the history counts", async () => {
    const { ada, bob, match, cookie, email } = await adaEverywhere();
    expect(await tablesHolding(email)).not.toEqual([]);

    const wrong = await deleteAccount(cookie, "bob@erase.test");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("type the e-mail address");

    const res = await deleteAccount(cookie, ` ${email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, leftAlone: ["Bob B"] });
    expect((await t.as(cookie).get("/api/auth/user")).statusCode).toBe(401);

    expect(await tablesHolding(email)).toEqual([]);
    expect(await tablesHolding("Ada Lovelace")).toEqual([]);
    expect(filesHolding(t.config.dataDir, email)).toEqual([]);
    expect(readdirSync(t.config.uploadsDir)).toEqual([]);

    const [row] = await t.db.select().from(users).where(eq(users.id, ada.id));
    expect(row).toMatchObject({
      email: erasedAddress(ada.id, false),
      firstName: null,
      isActive: false,
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    const members = await t.db
      .select()
      .from(matchMembers)
      .where(eq(matchMembers.matchId, match.id));
    // Nobody is left in a running match with the erased person: Bob waits for a partner.
    expect(members).toEqual([]);
    const bobsView = (await t.as(bob).get("/api/profile/data")).json();
    expect(JSON.stringify(bobsView)).not.toContain("Ada");
  });

  it("lets the whitelist decide whether the address may sign up again, as a new person", async () => {
    const email = "ada.lovelace@erase.test";
    clock.advance(61_000);
    expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(200);
    const code = await latestCode(t, email);
    expect((await post(t, "/api/auth/verify-code", { email, code })).statusCode).toBe(200);
    const [again] = await t.db.select().from(users).where(eq(users.email, email));
    expect(again.needsProfileSetup).toBe(true);
    expect(again.firstName).toBeNull();
  });
});

describe("an admin erasing a person on request", () => {
  it("asks for the address, erases, and writes an activity line naming no erased data", async () => {
    const admin = await createAdmin(t.db, { email: "boss@hq.test" });
    const grace = await createUser(t.db, {
      email: "grace.hopper@erase.test",
      firstName: "Grace",
      lastName: "Hopper",
    });
    const url = `/api/admin/users/${grace.id}/erase`;
    expect((await t.as(admin).post(url, { confirmEmail: "someone@erase.test" })).statusCode).toBe(
      400,
    );
    expect((await t.as(grace).post(url, { confirmEmail: grace.email })).statusCode).toBe(403);
    const self = await t
      .as(admin)
      .post(`/api/admin/users/${admin.id}/erase`, { confirmEmail: admin.email });
    expect(self.statusCode).toBe(400);

    const res = await t.as(admin).post(url, { confirmEmail: grace.email });
    expect(res.statusCode).toBe(200);
    const [line] = await t.db.select().from(activities).where(eq(activities.kind, "person.erased"));
    expect(line.detail).not.toMatch(/grace|hopper/i);
    expect(await tablesHolding(grace.email)).toEqual([]);
    expect((await t.as(admin).post(url, { confirmEmail: grace.email })).statusCode).toBe(404);
  });
});
