import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ImageSource } from "../../shared/enums";
import { GALLERY_FILENAME_PATTERN } from "../../shared/images";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import type { ProcessedImage } from "./process-image";

/** Server-made profile photo names: 128 random bits in hex plus the extension we chose. */
export const STORED_FILENAME_PATTERN = /^[a-f0-9]{32}\.(webp|jpg)$/;

const isStoredName = (filename: string) =>
  STORED_FILENAME_PATTERN.test(filename) || GALLERY_FILENAME_PATTERN.test(filename);

export function uploadPath(ctx: AppContext, filename: string): string {
  if (!isStoredName(filename)) throw new Error("Not a stored upload name");
  return path.join(ctx.config.uploadsDir, filename);
}

/** Writes a processed image under DATA_DIR/uploads with a fresh name and records it. */
export async function storeImage(
  ctx: AppContext,
  image: ProcessedImage,
  meta: {
    purpose: "profile" | "gallery";
    originalName?: string;
    uploadedBy?: string;
    source?: ImageSource;
    /** A server-made gallery name; profile photos get a random one. */
    filename?: string;
  },
  db: Db = ctx.db,
): Promise<{ id: number; filename: string }> {
  const filename = meta.filename ?? `${randomBytes(16).toString("hex")}.${image.extension}`;
  await mkdir(ctx.config.uploadsDir, { recursive: true });
  await writeFile(uploadPath(ctx, filename), image.data, { flag: "wx" });
  try {
    const [row] = await db
      .insert(images)
      .values({
        filename,
        originalName: meta.originalName?.slice(0, 255) ?? null,
        purpose: meta.purpose,
        source: meta.source ?? "admin-uploaded",
        mimeType: image.mimeType,
        sizeBytes: image.data.length,
        width: image.width,
        height: image.height,
        uploadedBy: meta.uploadedBy ?? null,
      })
      .returning({ id: images.id, filename: images.filename });
    return row;
  } catch (error) {
    await unlink(uploadPath(ctx, filename)).catch(() => {});
    throw error;
  }
}

/** Removes a stored image's record and file; a missing file is not an error. */
export async function removeStoredImage(ctx: AppContext, filename: string): Promise<void> {
  if (!isStoredName(filename)) return;
  await ctx.db.delete(images).where(eq(images.filename, filename));
  await unlink(uploadPath(ctx, filename)).catch(() => {});
}
