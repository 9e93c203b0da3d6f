import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { images } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { reencodeKeepingFormat } from "../process-image";
import { listSampleImages, storeGalleryImage } from "./gallery-files";

/**
 * Copies a bundled picture into the gallery ("Available" → "Copied"). The bundled file is looked
 * up by name in the list of bundled files, never opened from a path taken from the request.
 */
export async function copySampleImage(
  ctx: AppContext,
  adminId: string,
  filename: string,
): Promise<GalleryImage> {
  const sample = (await listSampleImages()).find((s) => s.filename === filename);
  if (!sample) throw new NotFound("Image not found.");
  const [already] = await ctx.db
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        eq(images.purpose, "gallery"),
        eq(images.source, "copied"),
        eq(images.originalName, filename),
      ),
    );
  if (already) throw new Conflict("This image is already in the gallery.", "already_copied");
  return storeGalleryImage(ctx, await reencodeKeepingFormat(await readFile(sample.path)), {
    source: "copied",
    originalName: filename,
    uploadedBy: adminId,
  });
}
