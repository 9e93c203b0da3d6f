import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { users } from "../db/schema";
import { unsubscribeToken } from "../mail/signed-links";
import { createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");
const SECRET = "test-secret-test-secret-test-secret-0123";
const INVALID =
  "This unsubscribe link is not valid. Please use the link from your latest newsletter.";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
});
afterAll(() => t.close());

const statusOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

const oneClick = (token: string, payload: string, headers: Record<string, string> = {}) =>
  t.post(`/unsubscribe?token=${encodeURIComponent(token)}`, payload, {
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

describe("unsubscribing from the newsletter", () => {
  it("opts the person out on a mail provider's one-click POST, without cookie or Origin", async () => {
    const user = await createUser(t.db);
    const res = await oneClick(unsubscribeToken(SECRET, user.id), "List-Unsubscribe=One-Click");
    expect(res.statusCode).toBe(200);
    expect(res.json().participationStatus).toBe("opted_out");
    expect((await statusOf(user.id)).participationStatus).toBe("opted_out");
  });

  it("accepts the one-click body sent as multipart form data", async () => {
    const user = await createUser(t.db);
    const boundary = "----coj";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await oneClick(unsubscribeToken(SECRET, user.id), payload, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await statusOf(user.id)).participationStatus).toBe("opted_out");
  });

  it("changes nothing without the List-Unsubscribe=One-Click body", async () => {
    const user = await createUser(t.db);
    const res = await oneClick(unsubscribeToken(SECRET, user.id), "List-Unsubscribe=Maybe");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Send List-Unsubscribe=One-Click to unsubscribe.");
    expect((await statusOf(user.id)).participationStatus).toBe("active");
  });

  it("refuses a one-click body sent as JSON or plain text, as RFC 8058 defines a form body", async () => {
    const user = await createUser(t.db);
    const token = unsubscribeToken(SECRET, user.id);
    const json = await t.post(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/as a form body/);
    const bare = await t.post(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(bare.statusCode).toBe(415);
    expect((await statusOf(user.id)).participationStatus).toBe("active");
  });

  it("refuses a forged or altered token", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const good = unsubscribeToken(SECRET, user.id);
    const forged = [
      unsubscribeToken("another-secret-another-secret-0123456789", user.id),
      `${other.id}.${good.split(".")[1]}`,
      `${user.id}.${"0".repeat(32)}`,
      "not-a-token",
      `${good}.extra`,
    ];
    for (const token of forged) {
      const res = await oneClick(token, "List-Unsubscribe=One-Click");
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(INVALID);
    }
    expect((await statusOf(user.id)).participationStatus).toBe("active");
    expect((await statusOf(other.id)).participationStatus).toBe("active");
  });

  it("refuses a one-click POST that a browser marks as cross-site", async () => {
    const user = await createUser(t.db);
    const res = await oneClick(unsubscribeToken(SECRET, user.id), "List-Unsubscribe=One-Click", {
      "sec-fetch-site": "cross-site",
    });
    expect(res.statusCode).toBe(403);
    expect((await statusOf(user.id)).participationStatus).toBe("active");
  });

  it("does not read form bodies on other routes", async () => {
    const res = await t.post("/api/unsubscribe", "token=x&action=opt_out", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Please send the request as JSON.");
  });

  describe("the confirmation page's calls", () => {
    it("tells the page whose link it is, with the address partly hidden", async () => {
      const user = await createUser(t.db, { email: "ada.lovelace@acme.test" });
      const res = await t.get(`/api/unsubscribe?token=${unsubscribeToken(SECRET, user.id)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: "a***@acme.test",
        participationStatus: "active",
        pauseEndDate: null,
        about: "newsletter",
      });
    });

    it("pauses for one month instead of opting out", async () => {
      const user = await createUser(t.db);
      const res = await t.post("/api/unsubscribe", {
        token: unsubscribeToken(SECRET, user.id),
        action: "pause",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        participationStatus: "paused",
        pauseEndDate: "2027-04-10",
        message: "Your participation is paused for one month.",
      });
      const stored = await statusOf(user.id);
      expect(stored).toMatchObject({ participationStatus: "paused", pauseReason: "temporary" });
    });

    it("opts out from the page", async () => {
      const user = await createUser(t.db);
      const res = await t.post("/api/unsubscribe", {
        token: unsubscribeToken(SECRET, user.id),
        action: "opt_out",
      });
      expect(res.json()).toMatchObject({ participationStatus: "opted_out" });
      expect((await statusOf(user.id)).participationStatus).toBe("opted_out");
    });

    it("explains that a paused person cannot pause again", async () => {
      const user = await createUser(t.db, {
        participationStatus: "paused",
        pauseStartDate: "2027-03-01",
        pauseEndDate: "2027-04-01",
      });
      const res = await t.post("/api/unsubscribe", {
        token: unsubscribeToken(SECRET, user.id),
        action: "pause",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/already paused/);
    });

    it("answers a link whose account is gone with a message", async () => {
      const user = await createUser(t.db);
      await t.db.delete(users).where(eq(users.id, user.id));
      const res = await t.get(`/api/unsubscribe?token=${unsubscribeToken(SECRET, user.id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVALID);
    });
  });
});
