import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { ImageSource } from "../../../shared/enums";
import { GALLERY_FILENAME_PATTERN, type GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { repoRoot } from "../../repo-root";
import type { ProcessedImage } from "../process-image";
import { storeImage } from "../store-image";

/** Pictures shipped with the app that an admin can copy into the gallery ("Available"). */
export const sampleImagesDir = path.join(repoRoot, "assets", "sample-images");

export interface SampleImage {
  filename: string;
  size: number;
  path: string;
}

export async function listSampleImages(): Promise<SampleImage[]> {
  const names = await readdir(sampleImagesDir).catch(() => [] as string[]);
  const samples = await Promise.all(
    names
      .filter((name) => GALLERY_FILENAME_PATTERN.test(name))
      .sort()
      .map(async (filename) => {
        const file = path.join(sampleImagesDir, filename);
        return { filename, size: (await stat(file)).size, path: file };
      }),
  );
  return samples;
}

/** Public address of a gallery image: absolute, because mail clients load it without our pages. */
export function galleryImageUrl(ctx: AppContext, filename: string): string {
  return `${ctx.config.appUrl}/admin-images/${filename}`;
}

/** "Team Lunch (2).JPG" → "team-lunch-2-3fa9c1d2.jpg": readable, unique, safe in a URL. */
export function makeGalleryFilename(originalName: string | undefined, extension: string): string {
  const base = path.parse(originalName ?? "").name;
  const slug =
    base
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "image";
  return `${slug}-${randomBytes(4).toString("hex")}.${extension}`;
}

/** Stores a processed picture as a gallery image under a readable name made from `originalName`. */
export async function storeGalleryImage(
  ctx: AppContext,
  image: ProcessedImage,
  meta: {
    source: Exclude<ImageSource, "attached-assets-available">;
    originalName: string;
    uploadedBy: string;
  },
): Promise<GalleryImage> {
  const stored = await storeImage(ctx, image, {
    purpose: "gallery",
    ...meta,
    filename: makeGalleryFilename(meta.originalName, image.extension),
  });
  return {
    filename: stored.filename,
    source: meta.source,
    url: galleryImageUrl(ctx, stored.filename),
    size: image.data.length,
    width: image.width,
    height: image.height,
  };
}
