import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  createAdmin,
  createMatch,
  createNewsletter,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";
import { markPairingAnnounced } from "./mark-announced";

let t: TestApp;
let admin: Requests;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock("2027-03-10T09:00:00Z") });
  admin = t.as(await createAdmin(t.db, { email: "boss@impact-pairing.test" }));
});
afterAll(() => t.close());

const people = (prefix: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      createUser(t.db, { email: `${prefix}${i}@impact-pairing.test` }),
    ),
  );

describe("the confirmation before deleting a running pairing", () => {
  it("says how many matches and people it touches, and whether they were told by e-mail", async () => {
    const pairing = await createPairing(t.db, { announcedAt: null });
    const [a, b, c, d, e] = await people("p", 5);
    await createMatch(t.db, { members: [a, b], pairing });
    await createMatch(t.db, { members: [c, d, e], pairing });
    const url = `/api/admin/pairings/${pairing.id}/impact`;
    const before = await admin.get(url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ matches: 2, people: 5, told: false });

    // A draft naming the pairing told nobody; the send that began its newsletter (or
    // announcement) marked it told, as the deletion reads it (delete-pairing.ts).
    const file = `current-pairing-${pairing.id}`;
    await createNewsletter(t.db, { pairingFile: file, status: "draft" });
    expect((await admin.get(url)).json().told).toBe(false);
    await t.db.transaction((tx) => markPairingAnnounced(tx, file, t.ctx.clock.now()));
    expect((await admin.get(url)).json()).toEqual({ matches: 2, people: 5, told: true });
  });

  it("answers 404 for a missing pairing, 409 for a completed one, and only to admins", async () => {
    expect((await admin.get("/api/admin/pairings/999999/impact")).statusCode).toBe(404);
    const done = await createPairing(t.db, { status: "completed", month: "2027-01" });
    const completed = await admin.get(`/api/admin/pairings/${done.id}/impact`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toContain("cannot be deleted");
    const [someone] = await people("emp", 1);
    expect((await t.as(someone).get(`/api/admin/pairings/${done.id}/impact`)).statusCode).toBe(403);
    expect((await t.get(`/api/admin/pairings/${done.id}/impact`)).statusCode).toBe(401);
  });
});
