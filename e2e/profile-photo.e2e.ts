import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("profile photo", () => {
  it("the photo upload shows the new avatar", async () => {
    const user = await createUser(story.db, {
      firstName: "Pia",
      lastName: "Picture",
      department: "Other",
    });
    const page = await story.newPage();
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("img", { name: "Pia Picture (no photo yet)" }).waitFor();
    const file = page.getByLabel("Profile photo file");

    await file.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hi"),
    });
    await page.getByText("Invalid file type", { exact: true }).waitFor();

    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await file.setInputFiles({
      name: "sneaky.png",
      mimeType: "image/png",
      buffer: Buffer.from(svg),
    });
    await page.getByText("Upload failed", { exact: true }).waitFor();
    // The server's reason, not a generic "There was a problem".
    await page.getByText("Please upload a JPG, PNG, GIF or WebP image.").first().waitFor();

    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#b45309" },
    })
      .png()
      .toBuffer();
    await file.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByText("Profile picture updated!", { exact: true }).waitFor();
    const avatar = page.getByRole("img", { name: "Profile photo of Pia Picture" });
    await avatar.waitFor();
    await expect.poll(() => avatar.getAttribute("src")).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(
        'img[alt="Profile photo of Pia Picture"]',
      );
      return img?.complete && img.naturalWidth === 512;
    });
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await avatar.waitFor();
  });
});
