import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { images } from "../../db/schema";
import { NotFound } from "../../errors";
import { removeStoredImage } from "../store-image";

/** Removes a gallery image: its record and its file; its public URL answers 404 from then on. */
export async function deleteGalleryImage(ctx: AppContext, filename: string): Promise<void> {
  const [row] = await ctx.db
    .select({ filename: images.filename })
    .from(images)
    .where(and(eq(images.filename, filename), eq(images.purpose, "gallery")));
  if (!row) throw new NotFound("Image not found.");
  await removeStoredImage(ctx, row.filename);
}
