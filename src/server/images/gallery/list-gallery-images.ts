import { asc, eq } from "drizzle-orm";
import type { GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { images } from "../../db/schema";
import { galleryImageUrl, listSampleImages } from "./gallery-files";

/** The gallery's images (uploaded and copied, oldest first), then bundled ones not yet copied. */
export async function listGalleryImages(ctx: AppContext): Promise<GalleryImage[]> {
  const rows = await ctx.db
    .select({
      filename: images.filename,
      originalName: images.originalName,
      source: images.source,
      size: images.sizeBytes,
      width: images.width,
      height: images.height,
    })
    .from(images)
    .where(eq(images.purpose, "gallery"))
    .orderBy(asc(images.createdAt), asc(images.id));
  const copied = new Set(rows.filter((r) => r.source === "copied").map((r) => r.originalName));
  const available = (await listSampleImages()).filter((s) => !copied.has(s.filename));
  return [
    ...rows.map(({ originalName: _, ...row }) => ({
      ...row,
      url: galleryImageUrl(ctx, row.filename),
    })),
    ...available.map((sample) => ({
      filename: sample.filename,
      source: "attached-assets-available" as const,
      url: null,
      size: sample.size,
      width: null,
      height: null,
    })),
  ];
}
