import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { allowEmail, createAdmin, createUser, signIn } from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";
import { nextIp } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

describe("cross-site requests", () => {
  it("refuses a state-changing request whose Origin is not APP_URL's origin", async () => {
    const admin = await createAdmin(t.db);
    const cookie = await signIn(t.db, admin);
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:5001",
      "null",
      "http://127.0.0.1:5000.evil.example",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/domain-groups",
        payload: { name: "x", displayName: "X" },
        headers: { origin, cookie },
      });
      expect(res.statusCode, origin).toBe(403);
    }
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-code",
      payload: { email: "a@acme.test" },
      headers: { origin: "https://evil.example" },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode).toBe(403);
    expect((await t.outbox()).length).toBe(0);
  });

  it("refuses Sec-Fetch-Site: cross-site and accepts the app's own origin", async () => {
    const blocked = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-code",
      payload: { email: "b@acme.test" },
      headers: { origin: TEST_APP_URL, "sec-fetch-site": "cross-site" },
      remoteAddress: nextIp(),
    });
    expect(blocked.statusCode).toBe(403);
    const same = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-code",
      payload: { email: "b@acme.test" },
      headers: { origin: TEST_APP_URL, "sec-fetch-site": "same-origin" },
      remoteAddress: nextIp(),
    });
    expect(same.statusCode).toBe(200);
  });

  it("accepts only JSON bodies on JSON routes (no form posts)", async () => {
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "email=c%40acme.test"],
      ["text/plain", '{"email":"c@acme.test"}'],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nc@acme.test\r\n--x--',
      ],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/send-code",
        payload: body,
        headers: { "content-type": type },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
    }
    expect((await t.outbox()).filter((m) => m.toAddress === "c@acme.test")).toHaveLength(0);
  });

  it("refuses a form or multipart body with a session cookie unless Origin or Referer is ours", async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    const upload = async (headers: Record<string, string>) => {
      const body = new FormData();
      const photo = await sharp({
        create: { width: 64, height: 64, channels: 3, background: "#c0ffee" },
      })
        .png()
        .toBuffer();
      body.append(
        "profileImage",
        new Blob([new Uint8Array(photo)], { type: "image/png" }),
        "a.png",
      );
      return t.app.inject({
        method: "POST",
        url: "/api/upload-profile-image",
        payload: body,
        headers: { cookie, ...headers },
      });
    };
    const hostile: Record<string, string>[] = [
      {},
      { referer: "https://evil.example/page" },
      { referer: "nonsense" },
    ];
    for (const headers of hostile) {
      const res = await upload(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe("cross_site");
    }
    const formPost = await t.app.inject({
      method: "POST",
      url: "/api/participation",
      payload: "action=opt_out",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(formPost.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.profileImageUrl).toBeNull();
    expect(row.participationStatus).toBe("active");

    expect((await upload({ referer: `${TEST_APP_URL}/profile` })).statusCode).toBe(200);
    expect((await upload({ origin: TEST_APP_URL })).statusCode).toBe(200);
  });

  it("never changes state on GET", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/logout" });
    expect(res.statusCode).toBe(404);
    const send = await t.app.inject({
      method: "GET",
      url: "/api/auth/send-code?email=d@acme.test",
    });
    expect(send.statusCode).toBe(404);
  });
});
