import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

/** A photo-like JPEG well over 500 KB: noise does not compress. */
async function largePhoto() {
  const width = 1400;
  const height = 1000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe("an admin manages newsletter images", () => {
  it("uploads an image that is served without a cookie and flagged by the e-mail image check", async () => {
    const admin = await createAdmin(story.db, { email: "images@hq.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Image Gallery" }).click();
    await page.getByText("No images uploaded yet. Upload your first image above.").waitFor();
    const gallery = page.getByRole("list", { name: "Gallery images" });
    const copySample = gallery.getByRole("button", { name: "Copy to Gallery coffee-cup.jpg" });
    await copySample.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    const upload = page.getByRole("button", { name: "Upload Image" });
    expect(await upload.isDisabled()).toBe(true);
    await page.getByLabel("Image file").setInputFiles({
      name: "Office Banner.jpg",
      mimeType: "image/jpeg",
      buffer: await largePhoto(),
    });
    await upload.click();
    await page.getByText("Image Uploaded", { exact: true }).waitFor();
    const urlField = page.getByLabel(/^Public URL of office-banner-[a-f0-9]{8}\.jpg$/);
    await urlField.waitFor();
    const url = await urlField.inputValue();
    expect(url).toMatch(
      new RegExp(`^${story.baseUrl}/admin-images/office-banner-[a-f0-9]{8}\\.jpg$`),
    );

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("content-type")).toBe("image/jpeg");
    expect(anonymous.headers.get("x-content-type-options")).toBe("nosniff");

    await copySample.click();
    await page.getByText("Image Copied", { exact: true }).waitFor();
    await gallery.getByText("Copied", { exact: true }).waitFor();

    await page.goto("/admin-image-manager");
    const problematic = page.getByRole("list", { name: "Problematic images" });
    await problematic.getByText(/^office-banner-[a-f0-9]{8}\.jpg$/).waitFor();
    await problematic.getByText("Likely broken", { exact: true }).waitFor();
    await page
      .getByRole("list", { name: "Email-safe images" })
      .getByText(/^coffee-cup-/)
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await problematic.getByRole("button", { name: /^Optimise office-banner/ }).click();
    await page.getByText("Image Optimised", { exact: true }).waitFor();
    await page
      .getByRole("list", { name: "Email-safe images" })
      .getByText(/^office-banner-optimised-[a-f0-9]{8}\.jpg$/)
      .waitFor();
  });

  it("sends a signed-out visitor of the image pages to the admin login", async () => {
    const page = await story.newPage();
    await page.goto("/admin/images");
    await page.waitForURL("**/admin-login");
  });
});
