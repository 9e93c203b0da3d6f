import { describe, expect, it } from "vitest";
import {
  GALLERY_IMAGE_MAX_BYTES,
  GALLERY_NO_FILE,
  GALLERY_TOO_LARGE,
  galleryUploadSchema,
} from "./images";

const imageOf = (bytes: number) =>
  new File([new Uint8Array(bytes)], "banner.jpg", { type: "image/jpeg" });

describe("the gallery upload form's schema", () => {
  it("accepts an image of exactly 5 MB", () => {
    expect(galleryUploadSchema.safeParse({ image: imageOf(GALLERY_IMAGE_MAX_BYTES) }).success).toBe(
      true,
    );
  });

  it("refuses a larger file with the server's own message", () => {
    const result = galleryUploadSchema.safeParse({ image: imageOf(GALLERY_IMAGE_MAX_BYTES + 1) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([GALLERY_TOO_LARGE]);
  });

  it("asks for a file when none was chosen", () => {
    const result = galleryUploadSchema.safeParse({ image: undefined });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([GALLERY_NO_FILE]);
  });
});
