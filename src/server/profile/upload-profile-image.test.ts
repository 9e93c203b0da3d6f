import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, users } from "../db/schema";
import { createUser, signIn } from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function png(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();
}

function form(
  data: Buffer | string,
  filename = "me.png",
  type = "image/png",
  field = "profileImage",
) {
  const body = new FormData();
  body.append(
    field,
    new Blob([typeof data === "string" ? data : new Uint8Array(data)], { type }),
    filename,
  );
  return body;
}

async function upload(cookie: string, payload: FormData) {
  return t.app.inject({
    method: "POST",
    url: "/api/upload-profile-image",
    headers: { cookie, origin: TEST_APP_URL },
    payload,
  });
}

describe("POST /api/upload-profile-image", () => {
  it("re-encodes a photo to a 512 px WebP without metadata and makes it the user's photo", async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    const withExif = await sharp(await png(1200, 900))
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-place" } } })
      .jpeg()
      .toBuffer();
    const res = await upload(cookie, form(withExif, "holiday.jpg", "image/jpeg"));
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.profileImageUrl).toBe(imageUrl);

    const served = await t.app.inject({ method: "GET", url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes("secret-gps-place")).toBe(false);
  });

  it("replaces the previous photo and removes its file", async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    const first = (await upload(cookie, form(await png()))).json().imageUrl;
    const second = (await upload(cookie, form(await png(300, 300)))).json().imageUrl;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: first })).statusCode).toBe(404);
    expect(readdirSync(t.config.uploadsDir)).not.toContain(first.slice("/uploads/".length));
  });

  it("deletes the file and its row when the photo is removed in the profile; the old URL answers 404", async () => {
    const user = await createUser(t.db, { email: `photo-${Date.now()}@solo-photo.test` });
    const cookie = await signIn(t.db, user);
    const url = (await upload(cookie, form(await png()))).json().imageUrl as string;
    const filename = url.slice("/uploads/".length);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: {
        firstName: "Ada",
        lastName: "Lovelace",
        department: "Other",
        matchingPreference: "any",
        profileImageUrl: "",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageUrl).toBeNull();
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect(readdirSync(t.config.uploadsDir)).not.toContain(filename);
    expect(await t.db.select().from(images).where(eq(images.filename, filename))).toEqual([]);
  });

  it("refuses a file name with a NUL byte with 400 and stores nothing", async () => {
    const user = await createUser(t.db);
    const before = (await t.db.select().from(images)).length;
    const boundary = "----cojboundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename*=UTF-8''me%00.png\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await png(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload-profile-image",
      headers: {
        cookie: await signIn(t.db, user),
        origin: TEST_APP_URL,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot be stored/);
    expect((await t.db.select().from(images)).length).toBe(before);
  });

  it("refuses an SVG sent as a PNG", async () => {
    const user = await createUser(t.db);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const res = await upload(await signIn(t.db, user), form(svg, "cat.png", "image/png"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please upload a JPG, PNG, GIF or WebP image.");
  });

  it("refuses a script with an image name and type", async () => {
    const user = await createUser(t.db);
    const res = await upload(
      await signIn(t.db, user),
      form("<?php echo 1; ?>", "x.jpg", "image/jpeg"),
    );
    expect(res.statusCode).toBe(400);
  });

  it("refuses an image format we do not take, such as TIFF", async () => {
    const user = await createUser(t.db);
    const tiff = await sharp(await png())
      .tiff()
      .toBuffer();
    const res = await upload(await signIn(t.db, user), form(tiff, "scan.png"));
    expect(res.statusCode).toBe(400);
  });

  it("answers 413 for a file over 5 MB and stores nothing", async () => {
    const user = await createUser(t.db);
    const before = (await t.db.select().from(images)).length;
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(await signIn(t.db, user), form(big));
    expect(res.statusCode).toBe(413);
    expect((await t.db.select().from(images)).length).toBe(before);
  });

  it("refuses a request without the profileImage field", async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    expect(
      (await upload(cookie, form(await png(), "a.png", "image/png", "other"))).statusCode,
    ).toBe(400);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/upload-profile-image",
      headers: { cookie },
      payload: { profileImage: "x" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("requires a signed-in user", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload-profile-image",
      payload: form(await png()),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /uploads/:filename", () => {
  it("serves only recorded profile photos by their server-made name", async () => {
    for (const url of [
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/0123456789abcdef0123456789abcdef.webp",
      "/uploads/index.html",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });
});
