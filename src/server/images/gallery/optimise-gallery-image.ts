import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { EMAIL_SAFE_MAX_BYTES, type GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { images } from "../../db/schema";
import { NotFound, Validation } from "../../errors";
import { type ProcessedImage, processImage } from "../process-image";
import { uploadPath } from "../store-image";
import { storeGalleryImage } from "./gallery-files";

/** Newsletters are 600 px wide; 1200 px stays sharp on high-density screens. */
const WIDTHS = [1200, 900, 600];
const QUALITIES = [82, 70, 60, 50];

/**
 * Makes an e-mail-safe copy of a gallery image: a JPEG (every mail client shows it) under 200 KB,
 * trying the largest width and best quality first. The original stays; the copy is a new image.
 */
export async function optimiseGalleryImage(
  ctx: AppContext,
  adminId: string,
  filename: string,
): Promise<GalleryImage> {
  const [row] = await ctx.db
    .select({ filename: images.filename, originalName: images.originalName })
    .from(images)
    .where(and(eq(images.filename, filename), eq(images.purpose, "gallery")));
  if (!row) throw new NotFound("Image not found.");
  const input = await readFile(uploadPath(ctx, row.filename)).catch(() => null);
  if (!input) throw new NotFound("Image not found.");
  const image = await smallestFit(input);
  if (!image) {
    throw new Validation("This image cannot be made smaller than 200 KB without losing too much.");
  }
  const base = (row.originalName ?? row.filename).replace(/\.[^.]*$/, "");
  return storeGalleryImage(ctx, image, {
    source: "admin-uploaded",
    originalName: `${base}-optimised.jpg`,
    uploadedBy: adminId,
  });
}

async function smallestFit(input: Buffer): Promise<ProcessedImage | null> {
  for (const width of WIDTHS) {
    for (const quality of QUALITIES) {
      const image = await processImage(input, {
        maxWidth: width,
        maxHeight: width * 2,
        fit: "inside",
        format: "jpeg",
        quality,
      });
      if (image.data.length < EMAIL_SAFE_MAX_BYTES) return image;
    }
  }
  return null;
}
