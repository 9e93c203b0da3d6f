import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_FILENAME_PATTERN } from "../../../shared/images";
import { images } from "../../db/schema";
import { signInAdmin } from "../../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.db);
});
afterAll(() => t.close());

function picture(width = 640, height = 400, background = "#6f4e37") {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

function form(data: Buffer | string, filename = "Team Lunch.JPG", type = "image/jpeg") {
  const body = new FormData();
  const bytes = typeof data === "string" ? data : new Uint8Array(data);
  body.append("image", new Blob([bytes], { type }), filename);
  return body;
}

const upload = (payload: FormData) => t.as(admin).post("/api/admin/images/upload", payload);

describe("admin image gallery", () => {
  it("uploads a picture under a readable server-made name and serves it without a cookie", async () => {
    const exif = await sharp(await picture())
      .withMetadata({ exif: { IFD0: { Copyright: "where-it-was-taken" } } })
      .jpeg()
      .toBuffer();
    const res = await upload(form(exif));
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image.filename).toMatch(/^team-lunch-[a-f0-9]{8}\.jpg$/);
    expect(image).toMatchObject({ source: "admin-uploaded", width: 640, height: 400 });
    expect(image.url).toBe(`${TEST_APP_URL}/admin-images/${image.filename}`);

    const served = await t.get(`/admin-images/${image.filename}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    expect(served.rawPayload.includes(Buffer.from("where-it-was-taken"))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("jpeg");
  });

  it("refuses an SVG, a script named .png and an empty form", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const payload of [
      form(svg, "logo.svg", "image/svg+xml"),
      form("<script>alert(1)</script>", "evil.png", "image/png"),
    ]) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please upload a JPG, PNG, GIF or WebP image.");
    }
    const empty = await t.as(admin).post("/api/admin/images/upload", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please choose an image to upload.");
  });

  it("refuses a file over 5 MB with 413", async () => {
    const res = await upload(form(Buffer.alloc(5 * 1024 * 1024 + 10, 1), "huge.jpg"));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Please select an image smaller than 5MB");
  });

  it("lists bundled images as available, copies one once, and deletes gallery images with their file", async () => {
    const before = (await t.as(admin).get("/api/admin/images")).json();
    const available = before.filter(
      (image: { source: string }) => image.source === "attached-assets-available",
    );
    expect(available.map((image: { filename: string }) => image.filename)).toContain(
      "coffee-cup.jpg",
    );
    expect(available.every((image: { url: null }) => image.url === null)).toBe(true);

    const copy = () => t.as(admin).post("/api/admin/images/copy/coffee-cup.jpg");
    const copied = await copy();
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({ source: "copied" });
    expect((await copy()).statusCode).toBe(409);
    const after = (await t.as(admin).get("/api/admin/images")).json();
    const sources = after
      .filter((image: { filename: string }) => image.filename.startsWith("coffee-cup"))
      .map((image: { source: string }) => image.source);
    expect(sources).toEqual(["copied"]);

    const { filename } = copied.json();
    const file = path.join(t.config.uploadsDir, filename);
    expect(existsSync(file)).toBe(true);
    const del = await t.as(admin).delete(`/api/admin/images/${filename}`);
    expect(del.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await t.get(`/admin-images/${filename}`)).statusCode).toBe(404);
    expect(await t.db.select().from(images).where(eq(images.filename, filename))).toEqual([]);
  });

  it("answers 404 for unknown, path-like and profile-photo names", async () => {
    for (const name of ["nope-12345678.jpg", "..%2F..%2Fpackage.json", "coffee-cup.jpg"]) {
      expect((await t.get(`/admin-images/${name}`)).statusCode).toBe(404);
    }
    const copyPathLike = await t.as(admin).post("/api/admin/images/copy/..%2Fdb");
    expect(copyPathLike.statusCode).toBe(400);
    const del = await t.as(admin).delete("/api/admin/images/missing-00000000.png");
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe("Image not found.");
  });
});

describe("e-mail image check", () => {
  it("rates images by size, recommends a default and optimises a large one under 200 KB", async () => {
    const fresh = await createTestApp();
    try {
      const asAdmin = fresh.as(await signInAdmin(fresh.db));
      const send = (payload: FormData) => asAdmin.post("/api/admin/images/upload", payload);
      const small = (await send(form(await picture(), "small.jpg"))).json();
      const noisy = Buffer.alloc(1400 * 1000 * 3);
      for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919 + (i >> 3) * 104729) % 251;
      const big = await sharp(noisy, { raw: { width: 1400, height: 1000, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const large = (await send(form(big, "banner.jpg"))).json();
      expect(large.size).toBeGreaterThan(500 * 1024);

      const check = async () => (await asAdmin.get("/api/admin/image-compatibility")).json();
      const report = await check();
      expect(report.summary).toMatchObject({ emailSafe: 1, problematic: 1, total: 2 });
      expect(report.summary.recommendation).toContain(small.filename);
      expect(report.problematicImages[0]).toMatchObject({
        filename: large.filename,
        rating: "likely-broken",
      });
      expect(report.problematicImages[0].recommendation).toContain("Optimise it to under 200.0 KB");
      expect(report.emailSafeImages[0].sizeFormatted).toMatch(/^\d+\.\d KB$/);

      const optimised = await asAdmin.post(`/api/admin/images/optimize/${large.filename}`);
      expect(optimised.statusCode).toBe(201);
      expect(optimised.json().filename).toMatch(GALLERY_FILENAME_PATTERN);
      expect(optimised.json().size).toBeLessThan(200 * 1024);
      const again = await check();
      expect(again.summary).toMatchObject({ emailSafe: 2, problematic: 1, total: 3 });
    } finally {
      await fresh.close();
    }
  });
});
